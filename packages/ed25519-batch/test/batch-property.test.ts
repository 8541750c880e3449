/**
 * The invariant as a property: for random mixes of valid, invalid,
 * small-order, mixed-order and non-canonical entries of all three RFC 8032
 * variants (Ed25519, Ed25519ctx, Ed25519ph, with random contexts, and
 * signatures of one variant presented as another),
 * BatchVerifier.verifyEach()[i] === verify(entry i) in both modes, verify()
 * equals every(verifyEach()), using a PublicKeyCache changes nothing, and
 * verifyBatchParallel gives the same results.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchVerifier, PublicKeyCache, getPublicKey, shutdown, sign, verify, verifyBatchParallel, type Ed25519Variant, type VerifyMode } from '../src/index.node.js';
import { cctv, prng, speccheck, wycheproof, zip215, type Case } from './helpers.js';

const rnd = prng(20260601);

/** A pool of entries of every kind, built once. */
function buildPool(): Case[] {
  const pool: Case[] = [];
  const seeds = Array.from({ length: 6 }, () => rnd(32));
  for (let i = 0; i < 40; i++) {
    const seed = seeds[i % seeds.length]!;
    const message = rnd(i % 70);
    const signature = sign(message, seed);
    const publicKey = getPublicKey(seed);
    pool.push({ id: `valid ${i}`, publicKey, message, signature, zip215: true, strict: true });
    // Tampered twins.
    const m2 = message.slice();
    if (m2.length > 0) m2[0] = m2[0]! ^ 0x10;
    const badMsg = m2.length > 0 ? m2 : Uint8Array.of(1);
    pool.push({ id: `bad msg ${i}`, publicKey, message: badMsg, signature, zip215: false, strict: false });
    const s2 = signature.slice();
    s2[40] = s2[40]! ^ 1;
    pool.push({ id: `bad S ${i}`, publicKey, message, signature: s2, zip215: false, strict: false });
    const r2 = signature.slice();
    r2[3] = r2[3]! ^ 4;
    pool.push({ id: `bad R ${i}`, publicKey, message, signature: r2, zip215: false, strict: false });
  }
  // Wrong lengths.
  const v = pool[0]!;
  pool.push({ ...v, id: 'short sig', signature: v.signature.subarray(0, 63), zip215: false, strict: false });
  pool.push({ ...v, id: 'long pk', publicKey: Uint8Array.of(...v.publicKey, 0), zip215: false, strict: false });
  // S ≥ ℓ (all-0xff S).
  const big = v.signature.slice();
  big.fill(0xff, 32);
  pool.push({ ...v, id: 'S = 2^256 - 1', signature: big, zip215: false, strict: false });
  // Ed25519ctx / Ed25519ph entries with random contexts: valid, tampered, and
  // each signature presented under another variant or context (all invalid).
  for (let i = 0; i < 24; i++) {
    const seed = seeds[i % seeds.length]!;
    const publicKey = getPublicKey(seed);
    const message = rnd(i % 50);
    const ctx = rnd(1 + ((i * 37) % 255));
    const phCtx = i % 3 === 0 ? undefined : rnd((i * 53) % 256);
    const o: { variant: Ed25519Variant; context?: Uint8Array } =
      i % 2 === 0 ? { variant: 'ed25519ctx', context: ctx } : phCtx === undefined ? { variant: 'ed25519ph' } : { variant: 'ed25519ph', context: phCtx };
    const signature = sign(message, seed, o);
    pool.push({ id: `valid ${o.variant} ${i}`, publicKey, message, signature, ...o, zip215: true, strict: true });
    const s2 = signature.slice();
    s2[50] = s2[50]! ^ 2;
    pool.push({ id: `bad S ${o.variant} ${i}`, publicKey, message, signature: s2, ...o, zip215: false, strict: false });
    pool.push({ id: `as ed25519 ${o.variant} ${i}`, publicKey, message, signature, zip215: false, strict: false });
    const otherCtx = ctx.slice();
    otherCtx[0] = otherCtx[0]! ^ 1;
    const other: { variant: Ed25519Variant; context?: Uint8Array } =
      o.variant === 'ed25519ctx' ? { variant: 'ed25519ph', context: ctx } : { variant: 'ed25519ctx', context: o.context !== undefined && o.context.length > 0 ? o.context : ctx };
    pool.push({ id: `as other variant ${o.variant} ${i}`, publicKey, message, signature, ...other, zip215: false, strict: false });
    if (o.variant === 'ed25519ctx') pool.push({ id: `other ctx ${i}`, publicKey, message, signature, variant: 'ed25519ctx', context: otherCtx, zip215: false, strict: false });
    // A plain signature presented as ctx / ph.
    const plain = sign(message, seed);
    pool.push({ id: `plain as ${o.variant} ${i}`, publicKey, message, signature: plain, ...o, zip215: false, strict: false });
  }
  // Edge cases from the vector sets: small order, mixed order, non-canonical encodings, residues.
  pool.push(...cctv().filter((_, i) => i % 4 === 0));
  pool.push(...zip215().filter((_, i) => i % 5 === 0));
  pool.push(...speccheck());
  pool.push(...wycheproof().filter((_, i) => i % 3 === 0));
  return pool;
}

const POOL = buildPool();

afterAll(async () => {
  await shutdown();
});

/** The variant options of a case (empty for plain Ed25519). */
function vopts(c: Case): { variant?: Ed25519Variant; context?: Uint8Array } {
  const o: { variant?: Ed25519Variant; context?: Uint8Array } = {};
  if (c.variant !== undefined) o.variant = c.variant;
  if (c.context !== undefined) o.context = c.context;
  return o;
}

function batchAgrees(items: Case[], mode: VerifyMode, cache: PublicKeyCache | undefined, entriesPerMsm?: number): void {
  const single = items.map((c) => verify(c.signature, c.message, c.publicKey, cache !== undefined ? { mode, cache, ...vopts(c) } : { mode, ...vopts(c) }));
  // The pool's recorded expectations hold for single verification too.
  expect(single).toEqual(items.map((c) => (mode === 'zip215' ? c.zip215 : c.strict)));
  const bv = new BatchVerifier(cache !== undefined ? { mode, cache, entriesPerMsm } : { mode, entriesPerMsm });
  expect(bv.entriesPerMsm).toBe(entriesPerMsm ?? 8192);
  for (const c of items) bv.add(c.signature, c.message, c.publicKey, vopts(c));
  expect(bv.verifyEach()).toEqual(single);
  expect(bv.verify()).toBe(single.every((x) => x));
  // Idempotent: a second run with fresh coefficients gives the same answers.
  expect(bv.verifyEach()).toEqual(single);
}

const mixArb = (maxLength: number): fc.Arbitrary<Case[]> =>
  fc.array(fc.nat(POOL.length - 1), { minLength: 0, maxLength }).map((ix) => ix.map((i) => POOL[i]!));

/** Mostly-valid batches (where the msm path and bisection do the work). */
const mostlyValidArb: fc.Arbitrary<Case[]> = fc
  .tuple(fc.integer({ min: 5, max: 60 }), fc.array(fc.nat(POOL.length - 1), { maxLength: 4 }), fc.nat(1000))
  .map(([n, bad, off]) => {
    const valid = POOL.filter((c) => c.id.startsWith('valid'));
    const out: Case[] = [];
    for (let i = 0; i < n; i++) out.push(valid[(off + i) % valid.length]!);
    for (const b of bad) out.splice(b % (out.length + 1), 0, POOL[b]!);
    return out;
  });

describe('batch ≡ single (property)', () => {
  for (const mode of ['zip215', 'strict'] as const) {
    it(`${mode}: random mixes of every kind of entry`, () => {
      fc.assert(fc.property(mixArb(40), (items) => batchAgrees(items, mode, undefined)), { numRuns: 30 });
    });

    it(`${mode}: mostly-valid batches with a few bad entries`, () => {
      fc.assert(fc.property(mostlyValidArb, (items) => batchAgrees(items, mode, undefined)), { numRuns: 25 });
    });

    it(`${mode}: cache on gives the same answers as cache off`, () => {
      const cache = new PublicKeyCache({ capacity: 16 });
      fc.assert(
        fc.property(mixArb(30), (items) => {
          batchAgrees(items, mode, cache);
          batchAgrees(items, mode, undefined);
        }),
        { numRuns: 20 },
      );
      expect(cache.hits).toBeGreaterThan(0);
    });
  }

  for (const mode of ['zip215', 'strict'] as const) {
    it(`${mode}: verifyBatchParallel equals single verification on random mixes of every variant`, async () => {
      await fc.assert(
        fc.asyncProperty(mixArb(60), fc.integer({ min: 1, max: 3 }), async (items, workers) => {
          const single = items.map((c) => verify(c.signature, c.message, c.publicKey, { mode, ...vopts(c) }));
          const r = await verifyBatchParallel(items, { mode, workers });
          expect(r.results).toEqual(single);
          expect(r.valid).toBe(single.every((x) => x));
        }),
        { numRuns: 8 },
      );
    });
  }

  it('the pool really contains entries of every variant, entries where the modes differ, and invalid ones', () => {
    for (const v of ['ed25519ctx', 'ed25519ph'] as const) {
      expect(POOL.some((c) => c.variant === v && c.zip215)).toBe(true);
      expect(POOL.some((c) => c.variant === v && !c.zip215)).toBe(true);
    }
    expect(POOL.some((c) => c.zip215 && !c.strict)).toBe(true);
    expect(POOL.some((c) => !c.zip215)).toBe(true);
    expect(POOL.some((c) => c.strict)).toBe(true);
  });

  it('one signer repeated: merged key coefficients still catch a single bad entry anywhere', () => {
    const seed = rnd(32);
    const pk = getPublicKey(seed);
    const msgs = Array.from({ length: 64 }, (_, i) => Uint8Array.of(i, 7));
    const sigs = msgs.map((m) => sign(m, seed));
    for (const badAt of [0, 31, 63]) {
      const bv = new BatchVerifier();
      msgs.forEach((m, i) => bv.add(sigs[i]!, i === badAt ? Uint8Array.of(200) : m, pk));
      const each = bv.verifyEach();
      expect(each.filter((x) => !x).length).toBe(1);
      expect(each[badAt]).toBe(false);
      expect(bv.verify()).toBe(false);
    }
  });

  it('Σ z_i·S_i over more entries than one carry interval (64): 63 to 200 valid entries verify, one bad S among them is found', () => {
    const valid = POOL.filter((c) => c.id.startsWith('valid'));
    const badS = POOL.find((c) => c.id.startsWith('bad S'))!;
    for (const n of [63, 64, 65, 128, 129, 200]) {
      const items = Array.from({ length: n }, (_, i) => valid[i % valid.length]!);
      const bv = new BatchVerifier();
      for (const c of items) bv.add(c.signature, c.message, c.publicKey, vopts(c));
      expect(bv.verify()).toBe(true);
      const badAt = n - 2;
      bv.clear();
      items.forEach((c, i) => (i === badAt ? bv.add(badS.signature, badS.message, badS.publicKey) : bv.add(c.signature, c.message, c.publicKey, vopts(c))));
      expect(bv.verify()).toBe(false);
      expect(bv.verifyEach()).toEqual(items.map((_, i) => i !== badAt));
    }
  });

  it('windows: batches longer than the window give the same answers (entriesPerMsm: 7)', () => {
    for (const mode of ['zip215', 'strict'] as const) {
      fc.assert(fc.property(mixArb(40), (items) => batchAgrees(items, mode, undefined, 7)), { numRuns: 10 });
      fc.assert(fc.property(mostlyValidArb, (items) => batchAgrees(items, mode, new PublicKeyCache({ capacity: 4 }), 7)), { numRuns: 10 });
    }
  });

  it('bisection patterns: none, one, two spread, alternating, a whole half, all bad', () => {
    const valid = POOL.filter((c) => c.id.startsWith('valid'));
    const bad = POOL.filter((c) => c.id.startsWith('bad'));
    const n = 48;
    const patterns: Array<(i: number) => boolean> = [
      () => false,
      (i) => i === 17,
      (i) => i === 3 || i === 40,
      (i) => i % 2 === 1,
      (i) => i < n / 2,
      () => true,
    ];
    for (const isBad of patterns) {
      const items = Array.from({ length: n }, (_, i) => (isBad(i) ? bad[i % bad.length]! : valid[i % valid.length]!));
      const bv = new BatchVerifier();
      for (const c of items) bv.add(c.signature, c.message, c.publicKey, vopts(c));
      expect(bv.verifyEach()).toEqual(items.map((_, i) => !isBad(i)));
    }
  });

  it('an entry that only the cofactored equation accepts passes zip215 batch, fails strict batch', () => {
    // CCTV vectors flagged low_order_residue without low-order/non-canonical points:
    // mixed-order A and R whose torsion does not cancel.
    const residue = cctv().filter((c) => c.zip215 && !c.strict && !c.id.includes('low_order_A') && !c.id.includes('low_order_R'));
    expect(residue.length).toBeGreaterThan(0);
    const valid = POOL.filter((c) => c.id.startsWith('valid')).slice(0, 10);
    const items = [...valid, ...residue.slice(0, 5)];
    for (const mode of ['zip215', 'strict'] as const) {
      const bv = new BatchVerifier({ mode });
      for (const c of items) bv.add(c.signature, c.message, c.publicKey, vopts(c));
      const each = bv.verifyEach();
      expect(each.slice(0, 10).every((x) => x)).toBe(true);
      expect(each.slice(10).every((x) => x === (mode === 'zip215'))).toBe(true);
    }
  });
});
