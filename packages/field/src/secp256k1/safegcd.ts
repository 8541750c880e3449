/**
 * Modular inversion for the secp256k1 moduli (p and n) by Bernstein–Yang
 * divsteps, shared by `FieldVal.inverse` and `ModNScalar.inverse*`.
 *
 * Numbers travel as eleven 24-bit digits in a `Float64Array` (value < 2^256).
 * Internally f, g, d, e are signed 12-digit values: digits 0..10 in [0, 2^24),
 * digit 11 signed, value Σ x[k]·2^(24k).
 *
 * Algorithm ([BY19] §8–§12, in the "half-delta" variant of [BOUNDS]: δ starts at
 * 1/2, i.e. 2δ starts at 1 and moves by 2, whose proven worst case for 256-bit
 * inputs is 590 divsteps per libsecp256k1 and ⌊(150964·256 + 99243)/2^16⌋ = 591 by
 * the general formula derived from the same analysis; 600 covers both. Random
 * inputs took 21–23 batches of 24 in a 2·10^5-sample run): f = m, g = x, d = 0, e = 1, with the
 * invariants f ≡ d·x and g ≡ e·x (mod m). Each batch runs 24 divsteps on the low
 * 32 bits of f and g alone (a divstep only looks at the parity of g and the
 * sign of δ, and after i steps the low 32 − i bits are still exact), which
 * yields an integer matrix T = (u v; q r) with 2^24·(f', g') = T·(f, g) and
 * |u| + |v|, |q| + |r| ≤ 2^24. T is then applied to the full f, g (products
 * < 2^48, sums < 2^50: exact doubles; the division by 2^24 is exact, so it is a
 * digit shift) and to d, e, where a multiple k·m with k ≡ −t·m⁻¹ (mod 2^24) is
 * added first so that the division is exact modulo m. |d|, |e| grow by less
 * than m per batch. After 25 batches (600 ≥ 591 divsteps) g = 0 and f = ±1
 * (for x = 0: f = m, d = 0), and x⁻¹ = ±d mod m. (The divstep bound relies on
 * x < m, which callers guarantee by passing reduced values.)
 *
 * The divsteps are branch-free (masks, libsecp256k1's formulation). The
 * constant-sequence mode always runs 25 batches; the variable-time mode stops
 * when g = 0. The branch-free divstep is also the faster one here: a
 * branching divstep loop measured slower than the constant sequence.
 *
 * References:
 * - [BY19] D. J. Bernstein, B.-Y. Yang: Fast constant-time gcd computation and
 *   modular inversion, TCHES 2019(3).
 * - [WUILLE] P. Wuille: The safegcd implementation in libsecp256k1 explained
 *   (doc/safegcd_implementation.md).
 * - [BOUNDS] P. Wuille: Bounds on divsteps iterations in safegcd
 *   (github.com/sipa/safegcd-bounds; the hddivsteps variant and its bounds).
 */

const B24 = 16777216;
const R24 = 1 / 16777216;
const B16 = 65536;
const R16 = 1 / 65536;

/** A 256-bit odd modulus m = 2^256 − c prepared for `inverseDigits`. */
export interface Modulus24 {
  /** m in 24-bit digits (12, the last 0). */
  readonly m: Float64Array;
  /** m⁻¹ mod 2^24. */
  readonly inv: number;
  /** c = 2^256 − m in 24-bit digits. */
  readonly c: Float64Array;
}

/** Builds a `Modulus24` from m's eleven 24-bit digits, m⁻¹ mod 2^24 and c's digits. */
export function modulus24(mDigits: number[], inv: number, cDigits: number[]): Modulus24 {
  const m = new Float64Array(12);
  m.set(mDigits);
  return Object.freeze({ m, inv, c: Float64Array.from(cDigits) });
}

const F = new Float64Array(12);
const G = new Float64Array(12);
const D = new Float64Array(12);
const E = new Float64Array(12);

/** The last batch's transition matrix and doubled δ (module state: no allocation). */
let mU = 1, mV = 0, mQ = 0, mR = 1, mDelta = 1;

/**
 * 24 divsteps on the low 32 bits fl, gl of f and g, without data-dependent
 * branches: when δ > 0 and g is odd, (f, g, u, v, q, r, δ) ← (g, −f, q, r, −u, −v, −δ);
 * then g += f (and (q, r) += (u, v)) when g is odd; then g /= 2, (u, v) *= 2,
 * δ += 1. δ is kept doubled (2δ, odd, starting at 1).
 */
function divsteps24(fl: number, gl: number): void {
  let u = 1, v = 0, q = 0, r = 1, delta = mDelta;
  for (let i = 0; i < 24; i++) {
    const sw = (-(gl & 1)) & ((-delta) >> 31);
    delta = (delta ^ sw) - sw;
    const tf = fl;
    fl ^= (fl ^ gl) & sw;
    gl = ((gl ^ ((gl ^ tf) & sw)) ^ sw) - sw;
    const tu = u, tv = v;
    u ^= (u ^ q) & sw;
    v ^= (v ^ r) & sw;
    q = ((q ^ ((q ^ tu) & sw)) ^ sw) - sw;
    r = ((r ^ ((r ^ tv) & sw)) ^ sw) - sw;
    const odd = -(gl & 1);
    gl = (gl + (fl & odd)) >> 1;
    q += u & odd;
    r += v & odd;
    u <<= 1;
    v <<= 1;
    delta += 2;
  }
  mU = u; mV = v; mQ = q; mR = r; mDelta = delta;
}

/** (x, y) ← ((u·x + v·y)/2^24, (q·x + r·y)/2^24), exact by construction. */
function applyFG(x: Float64Array, y: Float64Array, u: number, v: number, q: number, r: number): void {
  let cx = 0, cy = 0;
  for (let k = 0; k < 12; k++) {
    const xk = x[k]!, yk = y[k]!;
    const tx = u * xk + v * yk + cx;
    const ty = q * xk + r * yk + cy;
    cx = Math.floor(tx * R24);
    cy = Math.floor(ty * R24);
    if (k > 0) {
      x[k - 1] = tx - cx * B24;
      y[k - 1] = ty - cy * B24;
    }
  }
  x[11] = cx;
  y[11] = cy;
}

/** (x, y) ← ((u·x + v·y + k₁·m)/2^24, (q·x + r·y + k₂·m)/2^24), k chosen for exact division. */
function applyDE(x: Float64Array, y: Float64Array, u: number, v: number, q: number, r: number, md: Modulus24): void {
  const m = md.m;
  const x0 = x[0]!, y0 = y[0]!;
  const t1 = u * x0 + v * y0, t2 = q * x0 + r * y0;
  const l1 = t1 - Math.floor(t1 * R24) * B24, l2 = t2 - Math.floor(t2 * R24) * B24;
  const p1 = l1 * md.inv, p2 = l2 * md.inv;
  const k1 = (B24 - (p1 - Math.floor(p1 * R24) * B24)) % B24;
  const k2 = (B24 - (p2 - Math.floor(p2 * R24) * B24)) % B24;
  let cx = 0, cy = 0;
  for (let k = 0; k < 12; k++) {
    const xk = x[k]!, yk = y[k]!, mk = m[k]!;
    const tx = u * xk + v * yk + k1 * mk + cx;
    const ty = q * xk + r * yk + k2 * mk + cy;
    cx = Math.floor(tx * R24);
    cy = Math.floor(ty * R24);
    if (k > 0) {
      x[k - 1] = tx - cx * B24;
      y[k - 1] = ty - cy * B24;
    }
  }
  x[11] = cx;
  y[11] = cy;
}

/**
 * Sets out (eleven 24-bit digits) = x⁻¹ mod m, and 0 for x = 0. x must be
 * eleven 24-bit digits of a value < m (out may alias x). `constTime` selects
 * the fixed 25-batch sequence (for secrets) over the early exit at g = 0.
 */
export function inverseDigits(out: Float64Array, x: Float64Array, md: Modulus24, constTime: boolean): void {
  const f = F, g = G, d = D, e = E, m = md.m, c24 = md.c;
  for (let k = 0; k < 11; k++) {
    f[k] = m[k]!;
    g[k] = x[k]!;
    d[k] = 0;
    e[k] = 0;
  }
  f[11] = 0;
  g[11] = 0;
  d[11] = 0;
  e[11] = 0;
  e[0] = 1;
  mDelta = 1;
  for (let batch = 0; batch < 25; batch++) {
    if (!constTime) {
      let nz = 0;
      for (let k = 0; k < 12; k++) nz |= g[k]!;
      if (nz === 0) break;
    }
    divsteps24((f[0]! | (f[1]! << 24)) | 0, (g[0]! | (g[1]! << 24)) | 0);
    applyFG(f, g, mU, mV, mQ, mR);
    applyDE(d, e, mU, mV, mQ, mR, md);
  }
  // f = ±1 (top digit 0 or −1); |d| < 26·m, so w = sign(f)·d + 32·m ∈ [0, 2^262).
  const s = 1 + 2 * f[11]!;
  let cr = 0;
  for (let k = 0; k < 12; k++) {
    const t = s * d[k]! + 32 * m[k]! + cr;
    cr = Math.floor(t * R24);
    d[k] = t - cr * B24;
  }
  // Fold H = ⌊w / 2^256⌋ < 2^6 as H·c (2^256 ≡ c), leaving v < 2^256 + 2^135 < 2m.
  const hh = Math.floor(d[10]! * R16) + d[11]! * 256;
  d[10] = d[10]! - Math.floor(d[10]! * R16) * B16;
  cr = 0;
  for (let k = 0; k < 11; k++) {
    const t = d[k]! + (k < c24.length ? hh * c24[k]! : 0) + cr;
    cr = Math.floor(t * R24);
    d[k] = t - cr * B24;
  }
  // v ≥ m iff v + c ≥ 2^256 (bit 256 is bit 16 of digit 10): select arithmetically.
  cr = 0;
  for (let k = 0; k < 11; k++) {
    const t = d[k]! + (k < c24.length ? c24[k]! : 0) + cr;
    cr = Math.floor(t * R24);
    e[k] = t - cr * B24;
  }
  const ge = ((e[10]! >>> 16) | (d[10]! >>> 16)) & 1;
  const keep = ge ^ 1;
  for (let k = 0; k < 10; k++) out[k] = keep * d[k]! + ge * e[k]!;
  out[10] = (keep * d[10]! + ge * e[10]!) % B16;
}
