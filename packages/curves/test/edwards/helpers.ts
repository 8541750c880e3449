/** Shared helpers for the twisted Edwards tests. */
import fc from 'fast-check';
import { PointExtended, PointAffine, type EdwardsCurve, scalarMultNonConst } from '../../src/edwards/index.js';

/** Affine point from decimal or bigint coordinates, validated. */
export function pt(curve: EdwardsCurve, x: string | bigint, y: string | bigint): PointAffine {
  return PointAffine.fromXY(curve, BigInt(x), BigInt(y));
}

/** k·G as an extended point. */
export function mulG(curve: EdwardsCurve, k: bigint): PointExtended {
  return scalarMultNonConst(k, new PointExtended(curve).setGenerator());
}

/** Plain double-and-add (MSB first) in extended coordinates: an independent scalar-mult oracle. */
export function naiveMul(P: PointExtended, k: bigint): PointExtended {
  const R = new PointExtended(P.curve);
  for (let i = BigInt(k.toString(2).length) - 1n; i >= 0n; i--) {
    R.double(R);
    if ((k >> i) & 1n) R.add(R, P);
  }
  return R;
}

/** Scalars: uniform 256-bit, values near r and 2^256, and tiny ones. */
export function scalarArb(r: bigint): fc.Arbitrary<bigint> {
  const top = (1n << 256n) - 1n;
  return fc.oneof(
    { weight: 4, arbitrary: fc.bigInt({ min: 0n, max: top }) },
    { weight: 2, arbitrary: fc.bigInt({ min: 0n, max: r - 1n }) },
    { weight: 1, arbitrary: fc.constantFrom(0n, 1n, 2n, 3n, r - 1n, r, r + 1n, 2n * r, top, top - 1n) },
    { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 1000n }) },
  );
}

/** Strata error code (or 'TypeError' / 'RangeError') thrown by f, undefined if it returns. */
export function errCode(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof TypeError) return 'TypeError';
    if (e instanceof RangeError) return 'RangeError';
    const c = (e as { code?: string }).code;
    if (c !== undefined) return c;
    throw e;
  }
  return undefined;
}
