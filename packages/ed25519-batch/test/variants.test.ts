/**
 * Ed25519ctx and Ed25519ph ([RFC8032] §5.1): the §7.2 / §7.3 vectors in both
 * modes through single, batch, cached and parallel verification; domain
 * separation between the three variants; the context rules (typed errors);
 * and agreement with noble-curves' `ed25519ctx` / `ed25519ph`.
 */
import { sha512 } from '@noble/hashes/sha2.js';
import { ed25519ctx as nobleCtx, ed25519ph as noblePh } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { StrataError } from '@strata/field';
import { toHex } from '@strata/testkit';
import {
  BatchVerifier,
  PublicKeyCache,
  getPublicKey,
  shutdown,
  sign,
  verify,
  verifyBatchParallel,
  type BatchEntry,
  type Ed25519Variant,
  type VerifyMode,
} from '../src/index.node.js';
import { prng, rfc8032, rfc8032Variants } from './helpers.js';

const MODES: VerifyMode[] = ['zip215', 'strict'];
const rnd = prng(0x5eed8032);

afterAll(async () => {
  await shutdown();
});

/** The options object of one entry's variant (none for plain Ed25519). */
function vopts(e: { variant?: Ed25519Variant; context?: Uint8Array }): { variant?: Ed25519Variant; context?: Uint8Array } {
  const o: { variant?: Ed25519Variant; context?: Uint8Array } = {};
  if (e.variant !== undefined) o.variant = e.variant;
  if (e.context !== undefined) o.context = e.context;
  return o;
}

describe('RFC 8032 §7.2 (Ed25519ctx) and §7.3 (Ed25519ph) vectors', () => {
  const cases = rfc8032Variants();

  it('are all there: 4 Ed25519ctx, 1 Ed25519ph', () => {
    expect(cases.filter((c) => c.variant === 'ed25519ctx').length).toBe(4);
    expect(cases.filter((c) => c.variant === 'ed25519ph').length).toBe(1);
  });

  it('sign to the recorded bytes', () => {
    for (const c of cases) {
      expect(toHex(getPublicKey(c.seed)), c.id).toBe(toHex(c.publicKey));
      expect(toHex(sign(c.message, c.seed, { variant: c.variant, context: c.context })), c.id).toBe(toHex(c.signature));
    }
  });

  for (const mode of MODES) {
    it(`${mode}: verify single, cached, batch (mixed with §7.1) and parallel; a flipped bit fails everywhere`, async () => {
      const cache = new PublicKeyCache({ capacity: 8 });
      const good: BatchEntry[] = [
        ...cases.map((c) => ({ publicKey: c.publicKey, message: c.message, signature: c.signature, variant: c.variant, context: c.context })),
        ...rfc8032().map((c) => ({ publicKey: c.publicKey, message: c.message, signature: c.signature })),
      ];
      const bad: BatchEntry[] = good.map((e) => {
        const s = e.signature.slice();
        s[5] = s[5]! ^ 0x20;
        return { ...e, signature: s };
      });
      const all = [...good, ...bad];
      const want = all.map((_, i) => i < good.length);
      for (const e of all) {
        const single = verify(e.signature, e.message, e.publicKey, { mode, ...vopts(e) });
        expect(verify(e.signature, e.message, e.publicKey, { mode, cache, ...vopts(e) })).toBe(single);
      }
      expect(all.map((e) => verify(e.signature, e.message, e.publicKey, { mode, ...vopts(e) }))).toEqual(want);
      for (const c of [undefined, cache]) {
        const bv = new BatchVerifier(c !== undefined ? { mode, cache: c } : { mode });
        for (const e of all) bv.add(e.signature, e.message, e.publicKey, vopts(e));
        expect(bv.verifyEach()).toEqual(want);
        expect(bv.verify()).toBe(false);
        const okOnly = new BatchVerifier({ mode });
        for (const e of good) okOnly.add(e.signature, e.message, e.publicKey, vopts(e));
        expect(okOnly.verify()).toBe(true);
      }
      const par = await verifyBatchParallel(all, { mode, workers: 2 });
      expect(par.results).toEqual(want);
      expect((await verifyBatchParallel(good, { mode, workers: 2 })).valid).toBe(true);
    });
  }
});

describe('domain separation', () => {
  const ctxA = new TextEncoder().encode('foo');
  const ctxB = new TextEncoder().encode('fop');
  /** Every way to read a (message, context) pair as a signature scheme. */
  const readings = (m: Uint8Array): Array<{ name: string; message: Uint8Array; o: { variant?: Ed25519Variant; context?: Uint8Array } }> => [
    { name: 'ed25519', message: m, o: {} },
    { name: 'ed25519 over SHA-512(M)', message: sha512(m), o: {} },
    { name: 'ed25519ctx foo', message: m, o: { variant: 'ed25519ctx', context: ctxA } },
    { name: 'ed25519ctx fop', message: m, o: { variant: 'ed25519ctx', context: ctxB } },
    { name: 'ed25519ctx foo over SHA-512(M)', message: sha512(m), o: { variant: 'ed25519ctx', context: ctxA } },
    { name: 'ed25519ph', message: m, o: { variant: 'ed25519ph' } },
    { name: 'ed25519ph foo', message: m, o: { variant: 'ed25519ph', context: ctxA } },
    { name: 'ed25519ph fop', message: m, o: { variant: 'ed25519ph', context: ctxB } },
  ];

  it('a signature verifies under its own variant and context only (single and batch, both modes)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ maxLength: 100 }), (seed, m) => {
        const pk = getPublicKey(seed);
        const rs = readings(m);
        for (let signer = 0; signer < rs.length; signer++) {
          const sig = sign(rs[signer]!.message, seed, rs[signer]!.o);
          for (const mode of MODES) {
            const bv = new BatchVerifier({ mode });
            const want: boolean[] = [];
            for (let reader = 0; reader < rs.length; reader++) {
              const r = rs[reader]!;
              const ok = verify(sig, r.message, pk, { mode, ...r.o });
              expect(ok, `${rs[signer]!.name} read as ${r.name}`).toBe(signer === reader);
              bv.add(sig, r.message, pk, r.o);
              want.push(signer === reader);
            }
            expect(bv.verifyEach()).toEqual(want);
          }
        }
      }),
      { numRuns: 8 },
    );
  });
});

describe('context rules', () => {
  const seed = rnd(32);
  const pk = getPublicKey(seed);
  const msg = rnd(20);
  const sig = sign(msg, seed);
  const ctx255 = rnd(255);
  const ctx256 = rnd(256);

  function expectBadLength(f: () => unknown, what: string): void {
    let err: unknown;
    try {
      f();
    } catch (e) {
      err = e;
    }
    expect(err, what).toBeInstanceOf(StrataError);
    expect((err as StrataError).code, what).toBe('ERR_BAD_LENGTH');
    expect((err as StrataError).message, what).toMatch(/context: expected [01] to 255 bytes, got (0|256)$/);
  }

  it('a context over 255 bytes, or an empty one for ed25519ctx: StrataError ERR_BAD_LENGTH on every path', () => {
    for (const [variant, context] of [
      ['ed25519ctx', ctx256],
      ['ed25519ph', ctx256],
      ['ed25519ctx', new Uint8Array(0)],
    ] as const) {
      const o = { variant, context };
      expectBadLength(() => sign(msg, seed, o), `sign ${variant} ${context.length}`);
      expectBadLength(() => verify(sig, msg, pk, o), `verify ${variant} ${context.length}`);
      expectBadLength(() => verify(sig, msg, pk, { ...o, mode: 'strict' }), `verify strict ${variant} ${context.length}`);
      expectBadLength(() => new BatchVerifier().add(sig, msg, pk, o), `add ${variant} ${context.length}`);
      expectBadLength(() => verifyBatchParallel([{ publicKey: pk, message: msg, signature: sig, ...o }]), `parallel ${variant} ${context.length}`);
    }
  });

  it('255-byte contexts, and ed25519ph with an empty or absent context, work', () => {
    for (const o of [
      { variant: 'ed25519ctx', context: ctx255 },
      { variant: 'ed25519ph', context: ctx255 },
      { variant: 'ed25519ph', context: new Uint8Array(0) },
      { variant: 'ed25519ph' },
    ] as const) {
      const s = sign(msg, seed, o);
      expect(verify(s, msg, pk, o)).toBe(true);
      expect(verify(s, msg, pk, { ...o, mode: 'strict' })).toBe(true);
    }
    // An absent ph context is the empty context.
    expect(toHex(sign(msg, seed, { variant: 'ed25519ph' }))).toBe(toHex(sign(msg, seed, { variant: 'ed25519ph', context: new Uint8Array(0) })));
  });

  it('wrong types: TypeError at once (non-Uint8Array context, unknown variant, a context for ed25519, no context for ed25519ctx)', () => {
    const bads: unknown[] = [
      { variant: 'ed25519ctx', context: 'foo' },
      { variant: 'ed25519ctx', context: [1, 2, 3] },
      { variant: 'ed25519ph', context: null },
      { variant: 'ed25519ctx' },
      { variant: 'Ed25519ctx', context: ctx255 },
      { variant: 'ctx', context: ctx255 },
      { variant: 1 },
      { variant: null },
      { context: ctx255 },
      { variant: 'ed25519', context: new Uint8Array(0) },
    ];
    for (const o of bads) {
      const w = JSON.stringify(o);
      expect(() => sign(msg, seed, o as never), w).toThrow(TypeError);
      expect(() => verify(sig, msg, pk, o as never), w).toThrow(TypeError);
      expect(() => new BatchVerifier().add(sig, msg, pk, o as never), w).toThrow(TypeError);
      expect(() => verifyBatchParallel([{ publicKey: pk, message: msg, signature: sig, ...(o as object) }]), w).toThrow(TypeError);
    }
    expect(() => sign(msg, seed, 'ed25519ph' as never)).toThrow(TypeError);
    expect(() => new BatchVerifier().add(sig, msg, pk, 'ed25519ph' as never)).toThrow(TypeError);
  });

  it('malformed signatures and keys are false for every variant, in every mode and path', async () => {
    const o = { variant: 'ed25519ctx', context: ctx255 } as const;
    const s = sign(msg, seed, o);
    const big = s.slice();
    big.fill(0xff, 32);
    const inputs: Array<[Uint8Array, Uint8Array]> = [
      [s.subarray(0, 63), pk],
      [s, pk.subarray(0, 31)],
      [big, pk],
      [new Uint8Array(64), pk],
      [s, new Uint8Array(32).fill(0xff)],
    ];
    for (const variantOpts of [o, { variant: 'ed25519ph' } as const]) {
      for (const mode of MODES) {
        const bv = new BatchVerifier({ mode });
        for (const [sg, k] of inputs) {
          expect(verify(sg, msg, k, { mode, ...variantOpts })).toBe(false);
          bv.add(sg, msg, k, variantOpts);
        }
        expect(bv.verifyEach()).toEqual(inputs.map(() => false));
        const r = await verifyBatchParallel(
          inputs.map(([sg, k]) => ({ publicKey: k, message: msg, signature: sg, ...variantOpts })),
          { mode, workers: 2 },
        );
        expect(r.results).toEqual(inputs.map(() => false));
      }
    }
  });
});

describe('differential: noble-curves ed25519ctx / ed25519ph', () => {
  const variantArb = fc.oneof(
    fc.record({ variant: fc.constant<'ed25519ctx'>('ed25519ctx'), context: fc.uint8Array({ minLength: 1, maxLength: 255 }) }),
    fc.record({ variant: fc.constant<'ed25519ph'>('ed25519ph'), context: fc.uint8Array({ minLength: 0, maxLength: 255 }) }),
  );

  it('sign equals noble byte for byte; verify agrees (zip215 and strict) on valid and tampered signatures', () => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ maxLength: 200 }),
        variantArb,
        fc.option(fc.tuple(fc.nat(63), fc.nat(7)), { freq: 2 }),
        (seed, msg, o, flip) => {
          const noble = o.variant === 'ed25519ctx' ? nobleCtx : noblePh;
          const sig = sign(msg, seed, o);
          expect(toHex(sig)).toBe(toHex(noble.sign(msg, seed, { context: o.context })));
          const pk = getPublicKey(seed);
          const s = sig.slice();
          if (flip !== null) s[flip[0]] = s[flip[0]]! ^ (1 << flip[1]);
          for (const mode of MODES) {
            let want: boolean;
            try {
              want = noble.verify(s, msg, pk, { context: o.context, zip215: mode === 'zip215' });
            } catch {
              want = false;
            }
            const got = verify(s, msg, pk, { mode, ...o });
            expect(got).toBe(want);
            if (got) accepted++;
            else rejected++;
          }
        },
      ),
      { numRuns: 60 },
    );
    expect(accepted).toBeGreaterThan(10);
    expect(rejected).toBeGreaterThan(10);
  });
});
