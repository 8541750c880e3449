/**
 * Edge-weighted fast-check generators: half of the draws come from the
 * values where limb arithmetic breaks (0, 1, p-1, p, p+1, 2^bits-1, values
 * just over p), the rest are uniform.
 */
import fc from 'fast-check';

/** The classic edge values for a modulus p and a byte width. */
export function fieldEdges(p: bigint, bits = 256): bigint[] {
  const top = (1n << BigInt(bits)) - 1n;
  const e = [0n, 1n, 2n, p - 2n, p - 1n, p, p + 1n, p + 2n, top, top - 1n, (p - 1n) / 2n, (p + 1n) / 2n, 1n << BigInt(bits - 1)];
  return e.filter((x) => x >= 0n && x <= top);
}

/**
 * An arbitrary over [0, 2^bits) that mixes uniform values with the edges of
 * p. With `reduced`, draws are taken mod p (values in [0, p)).
 */
export function edgeBigInt(p: bigint, opts: { bits?: number; reduced?: boolean } = {}): fc.Arbitrary<bigint> {
  const bits = opts.bits ?? 256;
  const top = (1n << BigInt(bits)) - 1n;
  const edges = fieldEdges(p, bits);
  const near = fc.bigInt({ min: 0n, max: 1n << 40n }).chain((d) =>
    fc.constantFrom(...[p + d, p - 1n - d, top - d].filter((x) => x >= 0n && x <= top)),
  );
  const arb = fc.oneof(
    { weight: 3, arbitrary: fc.bigInt({ min: 0n, max: top }) },
    { weight: 2, arbitrary: fc.constantFrom(...edges) },
    { weight: 1, arbitrary: near },
  );
  return opts.reduced ? arb.map((x) => x % p) : arb;
}
