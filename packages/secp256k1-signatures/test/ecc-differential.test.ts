/**
 * `/ecc` against tiny-secp256k1 2.2.4 itself, every function, on random and
 * edge inputs: the same value, `null` where it returns null, a throw where
 * it throws (the same TypeError message; tiny-secp256k1's WebAssembly traps
 * on recovery ids ≥ 4 count as a throw). Edge inputs: valid compressed,
 * uncompressed and hybrid points, their negations, x-only keys, keys off the
 * curve, x ≥ p, wrong lengths and non-Uint8Array values; scalars 0, 1,
 * n − 1, n, 2²⁵⁶ − 1; signatures with r or s of 0, n, high s; recovery ids
 * −1 to 5; parities 0, 1, 2; `compressed` undefined, true and false.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as tiny from 'tiny-secp256k1';
import { hex, toHex } from '@strata/testkit';
import * as ecc from '../src/ecc.js';

const Nh = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';
const Ph = 'fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f';
const GX = '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';
const GY = '483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8';
const GYneg = 'b7c52588d95c3b9aa25b0403f1eef75702e84bb7597aabe663b82f6f04ef2777';

/** What a call gives: a value (hex for bytes) or the message of what it threw. */
function outcome(f: () => unknown): string {
  try {
    return JSON.stringify(f(), (_, v) => (v instanceof Uint8Array ? 'hex:' + toHex(v) : v));
  } catch (e) {
    if (e instanceof TypeError) return 'TypeError: ' + e.message;
    return 'throws'; // tiny's WebAssembly trap (RuntimeError: unreachable)
  }
}
function same(name: string, ours: () => unknown, theirs: () => unknown): void {
  const t = outcome(theirs);
  const o = outcome(ours);
  if (t === 'throws') expect(o.startsWith('TypeError') || o === 'throws', `${name}: tiny throws, we gave ${o}`).toBe(true);
  else expect(o, name).toBe(t);
}

const scalarsEdge = ['00'.repeat(32), '00'.repeat(31) + '01', '00'.repeat(31) + '02', Nh.slice(0, 63) + '0', Nh, 'ff'.repeat(32), '7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0'].map(hex);
const d1 = hex('00'.repeat(31) + '01');
const pointsEdge: unknown[] = [
  hex('02' + GX), hex('03' + GX), hex('04' + GX + GY), hex('04' + GX + GYneg), hex('06' + GX + GY), hex('07' + GX + GYneg), hex('07' + GX + GY),
  hex(GX), hex('02' + '00'.repeat(31) + '05'), hex('02' + Ph), hex('04' + GX + GX), hex('05' + GX), hex('02' + GX + '00'), hex('02'), new Uint8Array(0),
  tiny.pointFromScalar(hex('00'.repeat(31) + '03'), true), tiny.pointFromScalar(hex('00'.repeat(31) + '03'), false), undefined, null, 'x', [2, 3],
];
const xOnlyEdge: unknown[] = [hex(GX), hex('00'.repeat(31) + '05'), hex(Ph), hex('ff'.repeat(32)), hex('02' + GX), new Uint8Array(31), tiny.xOnlyPointFromScalar(hex('00'.repeat(31) + '07')), null];
const compressedEdge = [undefined, true, false];

const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 });
/** A random scalar, a random valid private key, or an edge value. */
const scalar = fc.oneof(bytes32, fc.constantFrom(...scalarsEdge), bytes32.map((b) => (tiny.isPrivate(b) ? b : d1)));
const point = fc.oneof(
  fc.constantFrom(...pointsEdge),
  fc.tuple(bytes32, fc.boolean(), fc.nat(3)).map(([b, c, form]) => {
    const d = tiny.isPrivate(b) ? b : d1;
    const p = tiny.pointFromScalar(d, c)!;
    if (form === 3 && p.length === 65) p[0] = 0x06 | (p[64]! & 1); // hybrid
    if (form === 2) p[p.length - 1]! ^= 1; // off the curve (or another x for compressed)
    return p;
  }),
);
const xOnly = fc.oneof(fc.constantFrom(...xOnlyEdge), bytes32, bytes32.map((b) => tiny.xOnlyPointFromScalar(tiny.isPrivate(b) ? b : d1)));
const hash = fc.oneof(bytes32, fc.constantFrom<unknown>(new Uint8Array(31), new Uint8Array(33), undefined, 'ab'));
const extra = fc.oneof(fc.constant(undefined), bytes32, fc.constantFrom<unknown>(new Uint8Array(31), null));
const compressed = fc.constantFrom(...compressedEdge);
const RUNS = { numRuns: 200 };

describe('/ecc ≡ tiny-secp256k1', () => {
  it('isPoint, isPointCompressed, isXOnlyPoint, isPrivate', () => {
    fc.assert(
      fc.property(point, xOnly, scalar, (p, x, d) => {
        for (const v of [p, x, d]) {
          same('isPoint', () => ecc.isPoint(v as Uint8Array), () => tiny.isPoint(v as Uint8Array));
          same('isPointCompressed', () => ecc.isPointCompressed(v as Uint8Array), () => tiny.isPointCompressed(v as Uint8Array));
          same('isXOnlyPoint', () => ecc.isXOnlyPoint(v as Uint8Array), () => tiny.isXOnlyPoint(v as Uint8Array));
          same('isPrivate', () => ecc.isPrivate(v as Uint8Array), () => tiny.isPrivate(v as Uint8Array));
        }
      }),
      RUNS,
    );
  });

  it('pointAdd, pointAddScalar, pointMultiply, pointCompress, xOnlyPointFromPoint', () => {
    fc.assert(
      fc.property(point, point, scalar, compressed, fc.boolean(), (a, b, t, c, negSum) => {
        const pa = a as Uint8Array;
        // P + (−P) and P + P as well as random pairs.
        const pb = (negSum && tiny.isPoint(pa) ? tiny.pointMultiply(pa, hex(Nh.slice(0, 63) + '0')) : b) as Uint8Array;
        same('pointAdd', () => ecc.pointAdd(pa, pb, c), () => tiny.pointAdd(pa, pb, c));
        same('pointAdd P+P', () => ecc.pointAdd(pa, pa, c), () => tiny.pointAdd(pa, pa, c));
        same('pointAddScalar', () => ecc.pointAddScalar(pa, t, c), () => tiny.pointAddScalar(pa, t, c));
        same('pointMultiply', () => ecc.pointMultiply(pa, t, c), () => tiny.pointMultiply(pa, t, c));
        same('pointCompress', () => ecc.pointCompress(pa, c), () => tiny.pointCompress(pa, c));
        same('xOnlyPointFromPoint', () => ecc.xOnlyPointFromPoint(pa), () => tiny.xOnlyPointFromPoint(pa));
      }),
      RUNS,
    );
  });

  it('pointAddScalar to infinity: P + (n − d)·G with P = d·G', () => {
    fc.assert(
      fc.property(bytes32, (b) => {
        const d = tiny.isPrivate(b) ? b : d1;
        const neg = tiny.privateNegate(d);
        for (const c of compressedEdge) {
          same('to infinity', () => ecc.pointAddScalar(tiny.pointFromScalar(d, c ?? true)!, neg, c), () => tiny.pointAddScalar(tiny.pointFromScalar(d, c ?? true)!, neg, c));
        }
      }),
      { numRuns: 20 },
    );
  });

  it('pointFromScalar, xOnlyPointFromScalar, privateAdd, privateSub, privateNegate', () => {
    fc.assert(
      fc.property(scalar, scalar, compressed, fc.boolean(), (d, t, c, cancel) => {
        // d + (n − d) = 0 and d − d = 0 as well as random tweaks.
        const tw = cancel && tiny.isPrivate(d) ? d : t;
        same('pointFromScalar', () => ecc.pointFromScalar(d, c), () => tiny.pointFromScalar(d, c));
        same('xOnlyPointFromScalar', () => ecc.xOnlyPointFromScalar(d), () => tiny.xOnlyPointFromScalar(d));
        same('privateAdd', () => ecc.privateAdd(d, tw), () => tiny.privateAdd(d, tw));
        same('privateAdd to 0', () => ecc.privateAdd(d, tiny.isPrivate(d) ? tiny.privateNegate(d) : tw), () => tiny.privateAdd(d, tiny.isPrivate(d) ? tiny.privateNegate(d) : tw));
        same('privateSub', () => ecc.privateSub(d, tw), () => tiny.privateSub(d, tw));
        same('privateNegate', () => ecc.privateNegate(d), () => tiny.privateNegate(d));
      }),
      RUNS,
    );
  });

  it('xOnlyPointAddTweak and xOnlyPointAddTweakCheck (with and without parity)', () => {
    fc.assert(
      fc.property(xOnly, scalar, xOnly, fc.constantFrom<unknown>(undefined, 0, 1, 2, true), fc.boolean(), (p, t, other, parity, useTrue) => {
        const px = p as Uint8Array;
        same('xOnlyPointAddTweak', () => ecc.xOnlyPointAddTweak(px, t), () => tiny.xOnlyPointAddTweak(px, t));
        let result = other as Uint8Array;
        let par = parity as 0 | 1 | undefined;
        if (useTrue && tiny.isXOnlyPoint(px) && tiny.isPrivate(t)) {
          const r = tiny.xOnlyPointAddTweak(px, t);
          if (r !== null) [result, par] = [r.xOnlyPubkey, parity === undefined ? undefined : r.parity];
        }
        same('xOnlyPointAddTweakCheck', () => ecc.xOnlyPointAddTweakCheck(px, t, result, par), () => tiny.xOnlyPointAddTweakCheck(px, t, result, par));
      }),
      RUNS,
    );
  });

  it('x-only tweak to infinity (t = n − d for P = d·G with even y), with and without parity', () => {
    fc.assert(
      fc.property(bytes32, (b) => {
        let d = tiny.isPrivate(b) ? b : d1;
        if (tiny.pointFromScalar(d, true)![0] === 0x03) d = tiny.privateNegate(d);
        const x = tiny.xOnlyPointFromScalar(d);
        const t = tiny.privateNegate(d);
        same('tweak', () => ecc.xOnlyPointAddTweak(x, t), () => tiny.xOnlyPointAddTweak(x, t));
        for (const par of [undefined, 0, 1] as const) same(`check ${par}`, () => ecc.xOnlyPointAddTweakCheck(x, t, x, par), () => tiny.xOnlyPointAddTweakCheck(x, t, x, par));
      }),
      { numRuns: 10 },
    );
  });

  it('sign, signRecoverable, signSchnorr, verify, verifySchnorr, recover', () => {
    fc.assert(
      fc.property(hash, scalar, extra, point, fc.constantFrom<unknown>(undefined, true, false, 1), fc.nat(5), fc.integer({ min: -1, max: 5 }), fc.boolean(), (h, d, e, q, strict, mutate, id, c) => {
        const hh = h as Uint8Array;
        const ee = e as Uint8Array | undefined;
        same('sign', () => ecc.sign(hh, d, ee), () => tiny.sign(hh, d, ee));
        same('signRecoverable', () => ecc.signRecoverable(hh, d, ee), () => tiny.signRecoverable(hh, d, ee));
        same('signSchnorr', () => ecc.signSchnorr(hh, d, ee), () => tiny.signSchnorr(hh, d, ee));
        // A signature to verify: valid, high s, r or s of 0 or n, or another key.
        const key = tiny.isPrivate(d) ? d : d1;
        const h32 = hh instanceof Uint8Array && hh.length === 32 ? hh : new Uint8Array(32).fill(3);
        const { signature, recoveryId } = tiny.signRecoverable(h32, key);
        const sig = signature.slice();
        if (mutate === 1) sig.set(hex(toHex(tiny.privateNegate(sig.subarray(32)))), 32); // high s
        if (mutate === 2) sig.fill(0, 0, 32);
        if (mutate === 3) sig.set(hex(Nh), 32);
        if (mutate === 4) sig[7]! ^= 0x10;
        const pub = mutate === 5 ? (q as Uint8Array) : tiny.pointFromScalar(key, c)!;
        same('verify', () => ecc.verify(hh, pub, sig, strict as boolean), () => tiny.verify(hh, pub, sig, strict as boolean));
        const rid = (mutate === 0 ? recoveryId : id) as 0 | 1 | 2 | 3;
        same('recover', () => ecc.recover(hh, sig, rid, c), () => tiny.recover(hh, sig, rid, c));
        const ssig = tiny.signSchnorr(h32, key);
        const xs = mutate === 5 ? (q as Uint8Array) : tiny.xOnlyPointFromScalar(key);
        const s2 = ssig.slice();
        if (mutate === 2) s2.set(hex(Ph), 0);
        if (mutate === 3) s2.set(hex(Nh), 32);
        if (mutate === 4) s2[40]! ^= 1;
        same('verifySchnorr', () => ecc.verifySchnorr(hh, xs, s2), () => tiny.verifySchnorr(hh, xs, s2));
      }),
      RUNS,
    );
  });

  it('exports exactly tiny-secp256k1 2.x functions (and nothing else)', () => {
    const names = Object.keys(ecc).sort();
    const tinyNames = Object.keys(tiny).filter((n) => n !== '__initializeContext' && n !== 'default').sort();
    expect(names).toEqual(tinyNames);
  });
});
