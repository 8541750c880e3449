/**
 * AssemblyScript pieces shared by the field generators: limb loads and
 * stores, the schoolbook column sums on 64-bit integers, and the printing
 * of an allocated addition chain (./chain.mjs) as calls.
 */

const range = (n) => [...Array(n).keys()];

/** The decorator lines that make AssemblyScript inline a function at every call. */
export const INLINE = ['// @ts-ignore: decorator', '@inline'];

/** `<kw> <x>i: <T> = <T>load<L>(<ptr>, 4i);` for each of n 32-bit limbs. */
export function loadLimbs(n, x, ptr, { kw = 'const', type = 'u64', limb = 'u32', indent = '  ' } = {}) {
  return range(n).map((i) => `${indent}${kw} ${x}${i}: ${type} = <${type}>load<${limb}>(${ptr}, ${4 * i});`);
}

/** `store<L>(<ptr>, <L>x_i, 4i);` for each of n limbs. */
export function storeLimbs(n, x, ptr, { limb = 'u32', indent = '  ' } = {}) {
  return range(n).map((i) => `${indent}store<${limb}>(${ptr}, <${limb}>${x}${i}, ${4 * i});`);
}

/**
 * The terms of column k of an n × n-limb product: `a_i * b_j` for i + j = k,
 * i ascending; with `square`, the diagonal `a_i * a_i` and each pair i < j
 * once as `d_i * a_j` (d_i = 2·a_i).
 */
export function productColumn(n, k, a, b, square = false, d = 'd') {
  const t = [];
  for (let i = 0; i < n; i++) {
    const j = k - i;
    if (j < 0 || j >= n || (square && j < i)) continue;
    if (!square) t.push(`${a}${i} * ${b}${j}`);
    else t.push(i === j ? `${a}${i} * ${a}${i}` : `${d}${i} * ${a}${j}`);
  }
  return t;
}

/**
 * Prints an allocated chain (see allocate in ./chain.mjs) as statements:
 * `pow(sq, src, n)` for each run of squarings, `mul(dst, sq, times)` for each
 * multiplication, and the value's name as a trailing comment.
 */
export function chainCalls(steps, { pow, mul, indent = '  ' }) {
  return steps.map(({ to, sq, src, n, dst, times }) => {
    const s = [];
    if (n > 0) s.push(pow(sq, src, n));
    if (times !== undefined) s.push(mul(dst, sq, times));
    return `${indent}${s.join(' ')} // ${to}`;
  });
}
