/**
 * Differential tests against two independent implementations on random
 * valid and tampered signatures:
 * - noble-curves' ed25519 with `{ zip215: true }` (ZIP-215 rules) for mode
 *   'zip215', and `{ zip215: false }` (RFC 8032 strict decoding,
 *   cofactorless) for mode 'strict';
 * - noble-curves' ed25519ctx / ed25519ph for mixed-variant batches (the
 *   single-entry comparison is in variants.test.ts);
 * - node:crypto (OpenSSL: strict-ish — S < ℓ, cofactorless, compares R's
 *   bytes) for both modes: on random inputs no small-order or non-canonical
 *   point occurs, so all rule sets agree there. The edge cases where the
 *   modes differ are covered by the vector tests.
 */
import { createPublicKey, verify as nodeVerify, type KeyObject } from 'node:crypto';
import { ed25519 as noble, ed25519ctx as nobleCtx, ed25519ph as noblePh } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '@strata/testkit';
import { BatchVerifier, PublicKeyCache, getPublicKey, sign, verify } from '../src/index.js';

const SPKI_PREFIX = Uint8Array.from([0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]);

function nodeKey(pk: Uint8Array): KeyObject | null {
  const der = new Uint8Array(44);
  der.set(SPKI_PREFIX, 0);
  der.set(pk, 12);
  try {
    return createPublicKey({ key: Buffer.from(der), format: 'der', type: 'spki' });
  } catch {
    return null;
  }
}

function nodeOk(sig: Uint8Array, msg: Uint8Array, pk: Uint8Array): boolean {
  const k = nodeKey(pk);
  if (k === null) return false;
  try {
    return nodeVerify(null, msg, k, sig);
  } catch {
    return false;
  }
}

function nobleOk(sig: Uint8Array, msg: Uint8Array, pk: Uint8Array, zip215: boolean): boolean {
  try {
    return noble.verify(sig, msg, pk, { zip215 });
  } catch {
    return false;
  }
}

/** Kinds of tampering applied to a valid (sig, msg, pk). */
type Tamper = { kind: 'none' } | { kind: 'sig' | 'msg' | 'pk'; byte: number; bit: number } | { kind: 'sPlusL' };

const L = (1n << 252n) + 27742317777372353535851937790883648493n;

function applyTamper(t: Tamper, sig: Uint8Array, msg: Uint8Array, pk: Uint8Array): [Uint8Array, Uint8Array, Uint8Array] {
  const s = sig.slice();
  const m = msg.slice();
  const p = pk.slice();
  switch (t.kind) {
    case 'none':
      break;
    case 'sig':
      s[t.byte % 64] = s[t.byte % 64]! ^ (1 << t.bit);
      break;
    case 'msg':
      if (m.length === 0) return [s, Uint8Array.of(1 << t.bit), p];
      m[t.byte % m.length] = m[t.byte % m.length]! ^ (1 << t.bit);
      break;
    case 'pk':
      p[t.byte % 32] = p[t.byte % 32]! ^ (1 << t.bit);
      break;
    case 'sPlusL': {
      // The malleated S + ℓ (when it still fits 256 bits): same equation, non-canonical S.
      let v = 0n;
      for (let i = 63; i >= 32; i--) v = (v << 8n) | BigInt(s[i]!);
      v += L;
      for (let i = 32; i < 64; i++) {
        s[i] = Number(v & 0xffn);
        v >>= 8n;
      }
      break;
    }
  }
  return [s, m, p];
}

const tamperArb: fc.Arbitrary<Tamper> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Tamper>({ kind: 'none' }) },
  { weight: 1, arbitrary: fc.constant<Tamper>({ kind: 'sPlusL' }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constantFrom<'sig' | 'msg' | 'pk'>('sig', 'msg', 'pk'), byte: fc.nat(63), bit: fc.nat(7) }),
  },
);

describe('differential: noble-curves and node:crypto', () => {
  it('getPublicKey and sign equal noble-curves byte for byte', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ maxLength: 200 }), (seed, msg) => {
        expect(toHex(getPublicKey(seed))).toBe(toHex(noble.getPublicKey(seed)));
        expect(toHex(sign(msg, seed))).toBe(toHex(noble.sign(msg, seed)));
      }),
      { numRuns: 40 },
    );
  });

  it('verify agrees with noble (zip215 / strict) and node:crypto on valid and tampered signatures', () => {
    const cache = new PublicKeyCache({ capacity: 8 });
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ maxLength: 300 }), tamperArb, (seed, msg0, t) => {
        const [sig, msg, pk] = applyTamper(t, sign(msg0, seed), msg0, getPublicKey(seed));
        const z = verify(sig, msg, pk);
        const s = verify(sig, msg, pk, { mode: 'strict' });
        expect(verify(sig, msg, pk, { cache })).toBe(z);
        expect(z).toBe(nobleOk(sig, msg, pk, true));
        expect(s).toBe(nobleOk(sig, msg, pk, false));
        expect(z).toBe(nodeOk(sig, msg, pk));
        expect(s).toBe(nodeOk(sig, msg, pk));
        if (t.kind === 'none') expect(z).toBe(true);
        if (t.kind === 'sPlusL') expect(z).toBe(false);
        if (z) accepted++;
        else rejected++;
      }),
      { numRuns: 150 },
    );
    // The generator really produces both outcomes.
    expect(accepted).toBeGreaterThan(10);
    expect(rejected).toBeGreaterThan(10);
  });

  it('a batch of the same random inputs agrees with node:crypto entry by entry', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.uint8Array({ maxLength: 64 }), tamperArb), { minLength: 1, maxLength: 24 }),
        (items) => {
          const seeds = [0, 1, 2, 3].map((i) => new Uint8Array(32).fill(i + 1));
          const bv = new BatchVerifier();
          const want: boolean[] = [];
          for (const [who, msg0, t] of items) {
            const seed = seeds[who]!;
            const [sig, msg, pk] = applyTamper(t, sign(msg0, seed), msg0, getPublicKey(seed));
            bv.add(sig, msg, pk);
            want.push(nodeOk(sig, msg, pk));
          }
          expect(bv.verifyEach()).toEqual(want);
          expect(bv.verify()).toBe(want.every((x) => x));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a batch mixing Ed25519, Ed25519ctx and Ed25519ph (random contexts, tampered entries) agrees with noble entry by entry', () => {
    const variantArb = fc.oneof(
      fc.constant<{ variant?: 'ed25519ctx' | 'ed25519ph'; context?: Uint8Array }>({}),
      fc.record({ variant: fc.constant<'ed25519ctx'>('ed25519ctx'), context: fc.uint8Array({ minLength: 1, maxLength: 255 }) }),
      fc.record({ variant: fc.constant<'ed25519ph'>('ed25519ph'), context: fc.uint8Array({ maxLength: 255 }) }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.uint8Array({ maxLength: 64 }), variantArb, tamperArb), { minLength: 1, maxLength: 24 }),
        (items) => {
          const seeds = [0, 1, 2, 3].map((i) => new Uint8Array(32).fill(i + 1));
          for (const mode of ['zip215', 'strict'] as const) {
            const bv = new BatchVerifier({ mode });
            const want: boolean[] = [];
            for (const [who, msg0, o, t] of items) {
              const seed = seeds[who]!;
              const [sig, msg, pk] = applyTamper(t, sign(msg0, seed, o), msg0, getPublicKey(seed));
              bv.add(sig, msg, pk, o);
              const peer = o.variant === undefined ? noble : o.variant === 'ed25519ctx' ? nobleCtx : noblePh;
              let ok: boolean;
              try {
                ok = peer.verify(sig, msg, pk, o.context !== undefined ? { context: o.context, zip215: mode === 'zip215' } : { zip215: mode === 'zip215' });
              } catch {
                ok = false;
              }
              want.push(ok);
            }
            expect(bv.verifyEach()).toEqual(want);
            expect(bv.verify()).toBe(want.every((x) => x));
          }
        },
      ),
      { numRuns: 20 },
    );
  });
});
