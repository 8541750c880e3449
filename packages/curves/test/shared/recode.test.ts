/**
 * The shared scalar recoders (src/shared/recode.ts) against a BigInt
 * reconstruction: every width, edge scalars (0, 1, the group orders and
 * their neighbours, 2^k − 1, 2^k, 2^256 − 1) and random ones, offsets,
 * strides and byte lengths other than 32.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { recodeSignedConst, recodeSignedNonConst, recodeWnafNonConst } from '../../src/shared/recode.js';

const N_SECP = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const L_ED = 2n ** 252n + 27742317777372353535851937790883648493n;
const R_JUBJUB = 0x0e7db4ea6533afa906673b0101343b00a6682093ccc81082d0970e5ed6f72cb7n;

/** Edge scalars below 2^(8·nBytes). */
function edges(nBytes: number): bigint[] {
  const top = 1n << BigInt(8 * nBytes);
  const out = new Set<bigint>([0n, 1n, 2n, 3n, top - 1n, top - 2n, top >> 1n, (top >> 1n) - 1n]);
  for (const n of [N_SECP, L_ED, R_JUBJUB]) for (const v of [n - 1n, n, n + 1n]) out.add(v);
  for (let k = 1; k < 8 * nBytes; k += 7) {
    const p = 1n << BigInt(k);
    out.add(p - 1n);
    out.add(p);
    out.add(p + 1n);
  }
  return [...out].filter((v) => v >= 0n && v < top);
}

function le(v: bigint, nBytes: number, pad = 0): Uint8Array {
  const b = new Uint8Array(nBytes + pad);
  let x = v;
  for (let i = 0; i < nBytes; i++) {
    b[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return b;
}

const bigArb = (nBytes: number) =>
  fc.oneof(
    fc.constantFrom(...edges(nBytes)),
    fc.uint8Array({ minLength: nBytes, maxLength: nBytes }).map((b) => b.reduceRight((acc, x) => (acc << 8n) | BigInt(x), 0n)),
  );

/** Checks the wNAF contract for k (nBytes bytes) at width w. */
function checkWnaf(k: bigint, nBytes: number, w: number): void {
  const out = new Int8Array(8 * nBytes + w).fill(77);
  const len = recodeWnafNonConst(le(k, nBytes, 3), nBytes, w, out);
  let sum = 0n;
  let last = -w;
  for (let i = 0; i < out.length; i++) {
    const d = out[i]!;
    if (d !== 0) {
      expect(Math.abs(d) % 2, `w=${w} k=${k} digit ${i}`).toBe(1);
      expect(Math.abs(d)).toBeLessThan(1 << (w - 1));
      expect(i - last, `w=${w} k=${k}: non-zeros ${last}, ${i}`).toBeGreaterThanOrEqual(w);
      expect(i).toBeLessThan(len);
      last = i;
    }
    sum += BigInt(d) << BigInt(i);
  }
  expect(sum, `w=${w} k=${k}`).toBe(k);
  if (k === 0n) expect(len).toBe(0);
  else expect(out[len - 1]).not.toBe(0);
}

describe('recodeWnafNonConst', () => {
  it('Σ digit·2^i = k for every width 2…8 on the edge scalars (32 bytes)', () => {
    for (let w = 2; w <= 8; w++) for (const k of edges(32)) checkWnaf(k, 32, w);
  });

  it('Σ digit·2^i = k for random scalars, widths and lengths 1…32', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 32 }).chain((n) => fc.tuple(fc.constant(n), bigArb(n))), fc.integer({ min: 2, max: 8 }), ([n, k], w) => {
        checkWnaf(k, n, w);
      }),
      { numRuns: 400 },
    );
  });

  it('reads only k[0 … nBytes) and zeroes the whole output', () => {
    const k = le(0x1234n, 2, 30).fill(0xff, 2); // bytes past nBytes are not part of k
    const out = new Int8Array(40).fill(9);
    const len = recodeWnafNonConst(k, 2, 4, out);
    let sum = 0n;
    for (let i = 0; i < out.length; i++) sum += BigInt(out[i]!) << BigInt(i);
    expect(sum).toBe(0x1234n);
    expect(len).toBeLessThanOrEqual(8 * 2 + 4);
  });

  it('puts the final carry at most w − 1 positions past the top bit', () => {
    for (let w = 2; w <= 8; w++) {
      const out = new Int8Array(256 + w);
      const len = recodeWnafNonConst(le((1n << 256n) - 1n, 32), 32, w, out);
      expect(len).toBe(257); //                       2^256 − 1 = 2^256 − 1·2^0
      expect(out[256]).toBe(1);
      expect(out[0]).toBe(-1);
    }
  });
});

/** Σ d_j·2^(c·j) + carry·2^(c·windows) over a strided layout. */
function sumSigned(out: Int32Array | Int8Array, off: number, stride: number, windows: number, c: number, carry: number): bigint {
  let v = BigInt(carry) << BigInt(c * windows);
  for (let j = windows - 1; j >= 0; j--) v += BigInt(out[off + j * stride]!) << BigInt(c * j);
  return v;
}

/** Asserts no carry out, every digit in [lo, hi] and Σ d_j·2^(c·j) = k. */
function checkWindows(k: bigint, c: number, out: Int32Array | Int8Array, carry: number, lo: number, hi: number): void {
  expect(carry, `c=${c} k=${k}`).toBe(0);
  for (const d of out) {
    expect(d).toBeGreaterThanOrEqual(lo);
    expect(d).toBeLessThanOrEqual(hi);
  }
  expect(sumSigned(out, 0, 1, out.length, c, 0), `c=${c} k=${k}`).toBe(k);
}

describe('recodeSignedNonConst', () => {
  it('Σ d_j·2^(cj) = k, digits in (−2^(c−1), 2^(c−1)], no carry out with ⌈(bits + 1)/c⌉ windows, c = 1…16', () => {
    for (let c = 1; c <= 16; c++) {
      for (const k of edges(32)) {
        const bits = k.toString(2).length;
        const windows = Math.ceil((Math.max(bits, 1) + 1) / c);
        const out = new Int32Array(windows);
        const carry = recodeSignedNonConst(le(k, 32), 0, 32, c, windows, out, 0, 1);
        checkWindows(k, c, out, carry, -(1 << (c - 1)) + 1, 1 << (c - 1));
      }
    }
  });

  it('honours kOff, nBytes, off and stride (scalar-major and window-major layouts), and reports a carry out', () => {
    fc.assert(
      fc.property(fc.array(bigArb(32), { minLength: 1, maxLength: 5 }), fc.integer({ min: 2, max: 16 }), fc.integer({ min: 1, max: 40 }), (ks, c, windows) => {
        const n = ks.length;
        const bytes = new Uint8Array(32 * n);
        ks.forEach((k, i) => bytes.set(le(k, 32), 32 * i));
        const major = new Int32Array(windows * n);
        const wmajor = new Int32Array(windows * n);
        for (let i = 0; i < n; i++) {
          const c1 = recodeSignedNonConst(bytes, 32 * i, 32, c, windows, major, i * windows, 1);
          const c2 = recodeSignedNonConst(bytes, 32 * i, 32, c, windows, wmajor, i, n);
          expect(c2).toBe(c1);
          // The windows cover bits [0, c·windows) of this scalar and never the next scalar's bytes.
          const want = c * windows >= 256 ? ks[i]! : ks[i]! % (1n << BigInt(c * windows));
          expect(sumSigned(major, i * windows, 1, windows, c, c1)).toBe(want);
          expect(sumSigned(wmajor, i, n, windows, c, c2)).toBe(sumSigned(major, i * windows, 1, windows, c, c1));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('reads a short integer (nBytes < 32) as the caller says', () => {
    const k = 0x1_ffff_ffff_ffff_ffff_ffffn; // 81 bits in 11 bytes
    const src = new Uint8Array(20).fill(0xee);
    src.set(le(k, 11), 4);
    const out = new Int32Array(20);
    const carry = recodeSignedNonConst(src, 4, 11, 7, 13, out, 0, 1);
    expect(carry).toBe(0);
    expect(sumSigned(out, 0, 1, 13, 7, 0)).toBe(k);
  });
});

describe('recodeSignedConst', () => {
  it('Σ d_j·2^(cj) = k, digits in [−2^(c−1), 2^(c−1)), no carry when windows·c ≥ 8·nBytes + 2, c = 2…7', () => {
    for (let c = 2; c <= 7; c++) {
      const windows = Math.ceil((256 + 2) / c);
      for (const k of edges(32)) {
        const out = new Int8Array(windows);
        const carry = recodeSignedConst(le(k, 32), 32, c, windows, out);
        checkWindows(k, c, out, carry, -(1 << (c - 1)), (1 << (c - 1)) - 1);
      }
    }
  });

  it('the radix-16 shape of the combs: 65 digits, the top one 0 or 1', () => {
    fc.assert(
      fc.property(bigArb(32), (k) => {
        const out = new Int8Array(65);
        expect(recodeSignedConst(le(k, 32), 32, 4, 65, out)).toBe(0);
        expect(out[64] === 0 || out[64] === 1).toBe(true);
        expect(sumSigned(out, 0, 1, 65, 4, 0)).toBe(k);
      }),
      { numRuns: 300 },
    );
  });

  it('reports the carry out of too few windows', () => {
    const out = new Int8Array(2);
    const carry = recodeSignedConst(le(0xf8n, 1), 1, 4, 2, out); // 0xf8 = −8 + 0·16 + 1·256
    expect(sumSigned(out, 0, 1, 2, 4, carry)).toBe(0xf8n);
    expect(carry).toBe(1);
  });
});
