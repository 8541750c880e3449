/**
 * The invariant as a property: for random mixes of valid, invalid,
 * small-order, mixed-order and non-canonical entries,
 * BatchVerifier.verifyEach()[i] === verify(entry i) in both modes, verify()
 * equals every(verifyEach()), and using a PublicKeyCache changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BatchVerifier, PublicKeyCache, getPublicKey, sign, verify, type VerifyMode } from '../src/index.js';
import { __testing as batchTesting } from '../src/batch.js';
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
  // Edge cases from the vector sets: small order, mixed order, non-canonical encodings, residues.
  pool.push(...cctv().filter((_, i) => i % 4 === 0));
  pool.push(...zip215().filter((_, i) => i % 5 === 0));
  pool.push(...speccheck());
  pool.push(...wycheproof().filter((_, i) => i % 3 === 0));
  return pool;
}

const POOL = buildPool();

function batchAgrees(items: Case[], mode: VerifyMode, cache: PublicKeyCache | undefined): void {
  const single = items.map((c) => verify(c.signature, c.message, c.publicKey, cache !== undefined ? { mode, cache } : { mode }));
  // The pool's recorded expectations hold for single verification too.
  expect(single).toEqual(items.map((c) => (mode === 'zip215' ? c.zip215 : c.strict)));
  const bv = new BatchVerifier(cache !== undefined ? { mode, cache } : { mode });
  for (const c of items) bv.add(c.publicKey, c.message, c.signature);
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

  it('the zip215 pool really contains entries where the modes differ, and invalid ones', () => {
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
      msgs.forEach((m, i) => bv.add(pk, i === badAt ? Uint8Array.of(200) : m, sigs[i]!));
      const each = bv.verifyEach();
      expect(each.filter((x) => !x).length).toBe(1);
      expect(each[badAt]).toBe(false);
      expect(bv.verify()).toBe(false);
    }
  });

  it('windows: batches longer than the window give the same answers (window forced to 7)', () => {
    const old = batchTesting.setWindow(7);
    try {
      for (const mode of ['zip215', 'strict'] as const) {
        fc.assert(fc.property(mixArb(40), (items) => batchAgrees(items, mode, undefined)), { numRuns: 10 });
        fc.assert(fc.property(mostlyValidArb, (items) => batchAgrees(items, mode, new PublicKeyCache({ capacity: 4 }))), { numRuns: 10 });
      }
    } finally {
      batchTesting.setWindow(old);
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
      for (const c of items) bv.add(c.publicKey, c.message, c.signature);
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
      for (const c of items) bv.add(c.publicKey, c.message, c.signature);
      const each = bv.verifyEach();
      expect(each.slice(0, 10).every((x) => x)).toBe(true);
      expect(each.slice(10).every((x) => x === (mode === 'zip215'))).toBe(true);
    }
  });
});
