/** Shared helpers for the secp256k1 tests: conversions to and from noble-curves and BigInt. */
import { secp256k1 as noble } from '@noble/curves/secp256k1.js';
import fc from 'fast-check';
import { FieldVal, ModNScalar } from '@strata/field';
import { bigToBytesBE, bigFromBytesBE, hex } from '@strata/testkit';
import * as S from '../../src/secp256k1/index.js';

export const NP = noble.Point;
export type NoblePoint = InstanceType<typeof NP>;
export const P = 2n ** 256n - 2n ** 32n - 977n;
export const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
export const LAMBDA = 0x5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72n;
export const BETA = 0x7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501een;

export const mod = (a: bigint, m: bigint): bigint => ((a % m) + m) % m;

/** A ModNScalar holding k mod n. */
export function sc(k: bigint): ModNScalar {
  const s = new ModNScalar();
  s.setBytesReduced(bigToBytesBE(mod(k, N), 32));
  return s;
}

/** A normalized FieldVal holding v mod p. */
export function fv(v: bigint): FieldVal {
  const f = new FieldVal();
  f.setBytesReduced(bigToBytesBE(mod(v, P), 32));
  return f;
}

/** The value of a FieldVal as a BigInt (normalizes a copy). */
export function big(f: FieldVal): bigint {
  return bigFromBytesBE(new FieldVal().set(f).normalize().toBytes());
}

/** A FieldVal from a dcrd-style hex string (may be short, odd length or empty). */
export function fvHex(s: string): FieldVal {
  const t = s.length % 2 === 1 ? '0' + s : s;
  const f = new FieldVal();
  f.setBytesReduced(hex(t));
  return f;
}

/** Bytes from a dcrd-style hex string (odd length left-padded with a 0 nibble). */
export function bytesHex(s: string): Uint8Array {
  return hex(s.length % 2 === 1 ? '0' + s : s);
}

/** Converts a Strata point to noble's (through the uncompressed encoding). */
export function toNoble(p: S.JacobianPoint): NoblePoint {
  if (p.isIdentity()) return NP.ZERO;
  return NP.fromBytes(S.pointToBytesUncompressed(p));
}

/** Converts a noble point to a Strata point (affine), re-randomising Z when `z` is given. */
export function fromNoble(q: NoblePoint, z?: bigint): S.JacobianPoint {
  if (q.is0()) return new S.JacobianPoint();
  const a = q.toAffine();
  const zz = z === undefined ? 1n : mod(z, P);
  return new S.JacobianPoint().setJacobian(fv(a.x * zz * zz), fv(a.y * zz * zz * zz), fv(zz));
}

/** Affine coordinates of a Strata point as BigInts (null for infinity). */
export function affine(p: S.JacobianPoint): { x: bigint; y: bigint } | null {
  if (p.isIdentity()) return null;
  const a = p.clone().toAffine();
  return { x: big(a.x), y: big(a.y) };
}

/** Asserts-by-return whether a Strata point equals a noble point. */
export function same(p: S.JacobianPoint, q: NoblePoint): boolean {
  if (q.is0()) return p.isIdentity();
  const a = affine(p);
  if (a === null) return false;
  const b = q.toAffine();
  return a.x === b.x && a.y === b.y;
}

/** Multiplies with noble, accepting 0 and n. */
export function nobleMul(q: NoblePoint, k: bigint): NoblePoint {
  const r = mod(k, N);
  return r === 0n || q.is0() ? NP.ZERO : q.multiplyUnsafe(r);
}

/** Scalars that stress the implementation: edges of n, λ-related values, GLV-negative halves. */
export function edgeScalars(): bigint[] {
  const half = (N - 1n) / 2n;
  return [
    0n, 1n, 2n, 3n, N - 1n, N - 2n, N, N + 1n, 2n ** 256n - 1n, half, half + 1n, 2n ** 128n, 2n ** 128n - 1n,
    2n ** 255n, LAMBDA, N - LAMBDA, LAMBDA + 1n, LAMBDA - 1n, (LAMBDA * LAMBDA) % N, 2n ** 129n + 12345n,
    // k1 + k2·λ with chosen signs of the halves (k1, k2 ≈ ±2^127).
    mod(-(2n ** 127n) + 5n, N), mod(2n ** 127n - (2n ** 126n) * LAMBDA, N), mod(-(2n ** 127n) - (2n ** 127n - 3n) * LAMBDA, N),
    mod(-1n - LAMBDA, N), mod(1n - LAMBDA, N), mod(-7n + 11n * LAMBDA, N),
    0xa2a8918ca85bafe22016d0b917e4dd77n, 0xe4437ed6010e88286f547fa90abfe4c3n, 0x3086d221a7d46bcde86c90e49284eb15n,
    // Signed-window boundaries of the fixed-base tables (5-bit windows of the constant-time
    // table: digits 16 → −16 with carry; 10-bit windows: digits 512, −511, carries).
    15n, 16n, 17n, 31n, 32n, 16n << 250n, mod(allWindows5(16n), N), mod(allWindows5(31n), N),
    511n, 512n, 513n, 1023n, 1024n, 512n << 240n, 513n << 250n, mod(allWindows(512n), N), mod(allWindows(513n), N),
    mod(allWindows(1023n), N), 0xf000000000000000000000000000000000000000000000000000000000000000n % N,
  ];
}

/** Σ_j d·2^(5j) over the 52 windows of a 256-bit scalar (reduced by the caller). */
function allWindows5(d: bigint): bigint {
  let v = 0n;
  for (let j = 0n; j < 52n; j++) v += d << (5n * j);
  return v;
}

/** Σ_j d·2^(10j) over the 26 windows of a 256-bit scalar (reduced by the caller). */
function allWindows(d: bigint): bigint {
  let v = 0n;
  for (let j = 0n; j < 26n; j++) v += d << (10n * j);
  return v;
}

/** Scalars for property tests: uniform mod n, the edge list, and short (≤ 130-bit) ones. */
export const kArb = fc.oneof(
  { weight: 3, arbitrary: fc.bigInt({ min: 0n, max: N - 1n }) },
  { weight: 1, arbitrary: fc.constantFrom(...edgeScalars()) },
  // Small and 128-bit-ish scalars (short wNAF streams, one GLV half zero).
  { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 2n ** 130n }) },
);

/** Random points k·G as a noble point q and a Strata point p with a random Z. */
export const pointArb = fc.tuple(fc.bigInt({ min: 1n, max: N - 1n }), fc.bigInt({ min: 1n, max: 2n ** 200n })).map(([k, z]) => {
  const q = NP.BASE.multiply(k);
  return { q, p: fromNoble(q, z) };
});
