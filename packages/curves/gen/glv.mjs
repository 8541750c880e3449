/**
 * The GLV constants of secp256k1's scalar split, computed once from the
 * group order n and the eigenvalue λ of the endomorphism and written for both
 * engines (index.mjs runs it):
 * - src/secp256k1/glv.generated.ts   hex strings: λ (params.ts), g1 and g2
 *                                    (params.ts), a1, |b1| and a2 (scalar.ts)
 * - wasm/secp256k1/glv.generated.ts  the same integers as little-endian u32
 *                                    limbs in static memory (split.ts)
 * so the two engines' splits cannot hold different constants.
 *
 * The basis is [GECC] Algorithm 3.74: the extended Euclidean algorithm on
 * (n, λ) gives remainders r_i = s_i·n + t_i·λ; with l the last index where
 * r_l ≥ √n, v1 = (a1, b1) = (r_{l+1}, −t_{l+1}) and v2 = (a2, b2) the
 * shorter of (r_l, −t_l) and (r_{l+2}, −t_{l+2}); both satisfy
 * a + b·λ ≡ 0 (mod n). The rounding constants are g1 = round(2³⁸⁴·b2 / n)
 * and g2 = round(2³⁸⁴·(−b1) / n) (libsecp256k1's scalar_split_lambda uses the
 * same), so that c1 = round(k·b2 / n) ≈ ⌊(k·g1 + 2³⁸³) / 2³⁸⁴⌋ and likewise c2.
 * The generator checks every relation it relies on and the bit lengths the
 * splits' limb counts assume, and stops with an error otherwise.
 *
 * References: [GLV] Gallant, Lambert, Vanstone, CRYPTO 2001; [GECC]
 * Hankerson, Menezes, Vanstone, Guide to Elliptic Curve Cryptography, Alg. 3.74.
 */

/** secp256k1's group order n and λ, the cube root of unity mod n with φ(P) = λ·P. */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const LAMBDA = 0x5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72n;

/** ⌊√v⌋ for v ≥ 0 (Newton's method on BigInt). */
function isqrt(v) {
  if (v < 2n) return v;
  let x = v, y = (x + 1n) / 2n;
  while (y < x) [x, y] = [y, (y + v / y) / 2n];
  return x;
}

const mod = (a, m) => ((a % m) + m) % m;

/** The reduced basis v1 = (a1, b1), v2 = (a2, b2) of {(a, b) : a + b·λ ≡ 0 (mod n)} ([GECC] Alg. 3.74). */
export function glvBasis(n, lambda) {
  const r = [n, lambda], t = [0n, 1n];
  while (r[r.length - 1] !== 0n) {
    const i = r.length - 1, q = r[i - 1] / r[i];
    r.push(r[i - 1] - q * r[i]);
    t.push(t[i - 1] - q * t[i]);
  }
  const root = isqrt(n);
  let l = 0;
  while (r[l + 1] >= root) l++;
  const [a1, b1] = [r[l + 1], -t[l + 1]];
  const norm = ([a, b]) => a * a + b * b;
  const u = [r[l], -t[l]], w = [r[l + 2], -t[l + 2]];
  const [a2, b2] = norm(u) <= norm(w) ? u : w;
  for (const [a, b] of [[a1, b1], [a2, b2]]) if (mod(a + b * lambda, n) !== 0n) throw new Error('glv: a basis vector is not in the lattice');
  return { a1, b1, a2, b2 };
}

/** The constants of the split, checked against the shapes both engines' code assumes. */
function constants() {
  if (mod(LAMBDA ** 3n, N) !== 1n || LAMBDA === 1n) throw new Error('glv: λ is not a cube root of unity mod n');
  const { a1, b1, a2, b2 } = glvBasis(N, LAMBDA);
  const round = (num) => (num + N / 2n) / N;
  const g1 = round((1n << 384n) * b2), g2 = round((1n << 384n) * -b1);
  // The splits multiply k by 256-bit g1, g2 and c1, c2 by 128-bit a1, |b1| and a 129-bit a2 (b2 = a1, b1 < 0).
  const bits = { g1: [g1, 256], g2: [g2, 256], a1: [a1, 128], b1abs: [-b1, 128], a2: [a2, 129] };
  for (const [name, [v, max]] of Object.entries(bits)) if (v <= 0n || v >= 1n << BigInt(max)) throw new Error(`glv: ${name} is not in (0, 2^${max})`);
  if (b2 !== a1) throw new Error('glv: the splits assume b2 = a1');
  return { lambda: LAMBDA, g1, g2, a1, b1abs: -b1, a2 };
}

const hex = (v, digits = 0) => v.toString(16).padStart(digits, '0');

/** Little-endian u32 limbs of v, at least `count` of them. */
function limbs32(v, count) {
  const out = [];
  for (let x = v; x > 0n || out.length < count; x >>= 32n) out.push(`0x${hex(x & 0xffffffffn, 8)}`);
  return out;
}

/** The generated files ({ file, text }[]). */
export function generateGlv() {
  const c = constants();
  const ts = [
    '/**',
    ' * secp256k1\'s GLV constants for the TypeScript engine, computed from n and λ',
    ' * by packages/curves/gen/glv.mjs ([GECC] Alg. 3.74); the WebAssembly engine',
    ' * reads the same integers from wasm/secp256k1/glv.generated.ts. Big-endian hex.',
    ' */',
    '',
    '/** λ, the cube root of unity mod n with φ(P) = λ·P. */',
    `export const LAMBDA_HEX = '${hex(c.lambda, 64)}';`,
    '/** g1 = round(2³⁸⁴·b2 / n), 32 bytes. */',
    `export const G1_HEX = '${hex(c.g1, 64)}';`,
    '/** g2 = round(2³⁸⁴·(−b1) / n), 32 bytes. */',
    `export const G2_HEX = '${hex(c.g2, 64)}';`,
    '/** a1 = b2 of the reduced basis (128 bits). */',
    `export const A1_HEX = '${hex(c.a1)}';`,
    '/** |b1| = −b1 of the reduced basis (128 bits). */',
    `export const B1_HEX = '${hex(c.b1abs)}';`,
    '/** a2 of the reduced basis (129 bits). */',
    `export const A2_HEX = '${hex(c.a2)}';`,
  ];
  const as = [
    '/**',
    ' * secp256k1\'s GLV constants for the WebAssembly engine\'s split (split.ts),',
    ' * computed from n and λ by packages/curves/gen/glv.mjs ([GECC] Alg. 3.74); the',
    ' * TypeScript engine reads the same integers from src/secp256k1/glv.generated.ts.',
    ' * Little-endian u32 limbs in static memory.',
    ' */',
    '',
    '/** g1 = round(2³⁸⁴·b2 / n): 8 limbs. */',
    `export const G1: usize = memory.data<u32>([${limbs32(c.g1, 8).join(', ')}]);`,
    '/** g2 = round(2³⁸⁴·(−b1) / n): 8 limbs. */',
    `export const G2: usize = memory.data<u32>([${limbs32(c.g2, 8).join(', ')}]);`,
    '/** a1 = b2: 4 limbs. */',
    `export const A1: usize = memory.data<u32>([${limbs32(c.a1, 4).join(', ')}]);`,
    '/** |b1|: 4 limbs. */',
    `export const B1: usize = memory.data<u32>([${limbs32(c.b1abs, 4).join(', ')}]);`,
    '/** a2: 5 limbs. */',
    `export const A2: usize = memory.data<u32>([${limbs32(c.a2, 5).join(', ')}]);`,
  ];
  return [
    { file: 'src/secp256k1/glv.generated.ts', text: ts.join('\n') },
    { file: 'wasm/secp256k1/glv.generated.ts', text: as.join('\n') },
  ];
}
