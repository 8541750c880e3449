/**
 * Half-size scalars for the cofactored verification equation ([Por20]
 * §1, the idea; here found by a stopped extended Euclid instead of the
 * paper's binary lattice reduction): for a public k < ℓ, integers c0 ≥ 0
 * and c1 ≠ 0 with c0 ≡ c1·k (mod ℓ), c0 < 2^126 and |c1| < 2^127.
 *
 * Why it is enough for [ZIP-215] (accept iff [8]([S]B − [k]A − R) = O):
 * write X = [S]B − [k]A − R. Because 0 < |c1| < ℓ and [8]X lies in the
 * prime-order subgroup, [8]X = O ⟺ [c1]([8]X) = O. And
 * [8][c1]X = [8]([c1·S mod ℓ]B − [c0]A − [c1]R): B has order ℓ, and
 * [8][c1·k]A = [c1·k]([8]A) = [c0]([8]A) since [8]A has order dividing ℓ
 * (whatever torsion A carries). So the chain needs 127-bit scalars for A
 * and R and a 253-bit one for B, split over B's two-piece table: about 129
 * doublings instead of 253. The cofactorless (strict) equation does not
 * survive the multiplication by c1 (torsion of order dividing c1 would be
 * lost), so only the cofactored one uses this.
 *
 * The Euclid: r_0 = ℓ, r_1 = k, r_{i+1} = r_{i−1} mod r_i, and t_0 = 0,
 * t_1 = 1, t_{i+1} = t_{i−1} − q_i·t_i, so r_i ≡ t_i·k (mod ℓ). The t_i
 * alternate in sign (t_i = (−1)^(i+1)·|t_i|, |t_{i+1}| = |t_{i−1}| + q_i·|t_i|)
 * and r_{i−1}·|t_i| + r_i·|t_{i−1}| = ℓ. Stopping at the first r_i < 2^126
 * gives c0 = r_i and c1 = t_i with |c1| ≤ ℓ / r_{i−1} ≤ ℓ / 2^126 < 2^127
 * (ℓ < 2^253); c1 ≠ 0 as t_i ≠ 0 for i ≥ 1. Every |t| computed is such a
 * |t_i| (the loop computes t_{i+1} only while r_i ≥ 2^126), so |t| and the
 * shifted |t| of the division (at most 2·q_i·|t_i| ≤ 2·|t_{i+1}|) fit in
 * 128 bits. Variable time (k is public).
 *
 * References: [Por20] T. Pornin, "Optimized Lattice Basis Reduction In
 * Dimension 2, and Fast Schnorr and EdDSA Signature Verification",
 * ePrint 2020/454; [ZIP-215] Zcash ZIP 215; [HMV04] Hankerson, Menezes,
 * Vanstone, Guide to ECC, Alg. 3.74 (the same stopped Euclid for GLV).
 */

/** ℓ = 2^252 + 27742317777372353535851937790883648493, 64-bit words, least significant first. */
const L0: u64 = 0x5812631a5cf5d3ed;
const L1: u64 = 0x14def9dea2f79cd6;
const L2: u64 = 0;
const L3: u64 = 0x1000000000000000;

/** Bit length of the 256-bit x3:x2:x1:x0. */
// @ts-ignore: decorator
@inline
function bitLen(x0: u64, x1: u64, x2: u64, x3: u64): i32 {
  if (x3 != 0) return 256 - <i32>clz(x3);
  if (x2 != 0) return 192 - <i32>clz(x2);
  if (x1 != 0) return 128 - <i32>clz(x1);
  return 64 - <i32>clz(x0);
}

/**
 * Reads k (32 little-endian bytes, k < ℓ) at kAt, writes c0 (32 bytes) to
 * c0At and |c1| (32 bytes, below 2^127) to c1At, and returns 1 when c1 < 0,
 * else 0 (see the module comment). kAt may equal c0At.
 */
export function halfScalars(kAt: usize, c0At: usize, c1At: usize): i32 {
  // a = r_{i−1}, b = r_i; ta = |t_{i−1}|, tb = |t_i|; i starts at 1.
  let a0 = L0, a1 = L1, a2 = L2, a3 = L3;
  let b0 = load<u64>(kAt), b1 = load<u64>(kAt, 8), b2 = load<u64>(kAt, 16), b3 = load<u64>(kAt, 24);
  let ta0: u64 = 0, ta1: u64 = 0;
  let tb0: u64 = 1, tb1: u64 = 0;
  let i = 1;
  while (bitLen(b0, b1, b2, b3) > 126) {
    // a ← a mod b and ta ← ta + q·tb, q = ⌊a / b⌋, by shift and subtract.
    let s = bitLen(a0, a1, a2, a3) - bitLen(b0, b1, b2, b3);
    let s0 = b0, s1 = b1, s2 = b2, s3 = b3;
    let u0 = tb0, u1 = tb1;
    for (let n = s; n >= 64; n -= 64) {
      s3 = s2; s2 = s1; s1 = s0; s0 = 0;
      u1 = u0; u0 = 0;
    }
    const r = <u64>(s & 63);
    if (r != 0) {
      s3 = (s3 << r) | (s2 >> (64 - r));
      s2 = (s2 << r) | (s1 >> (64 - r));
      s1 = (s1 << r) | (s0 >> (64 - r));
      s0 <<= r;
      u1 = (u1 << r) | (u0 >> (64 - r));
      u0 <<= r;
    }
    for (; s >= 0; s--) {
      // (s3:s2:s1:s0) ≤ (a3:a2:a1:a0)?
      const le = s3 != a3 ? s3 < a3 : s2 != a2 ? s2 < a2 : s1 != a1 ? s1 < a1 : s0 <= a0;
      if (le) {
        const d0 = a0 - s0;
        let br: u64 = <u64>(a0 < s0);
        const d1 = a1 - s1 - br;
        br = <u64>(a1 < s1 || (a1 == s1 && br != 0));
        const d2 = a2 - s2 - br;
        br = <u64>(a2 < s2 || (a2 == s2 && br != 0));
        a3 = a3 - s3 - br;
        a0 = d0;
        a1 = d1;
        a2 = d2;
        const e0 = ta0 + u0;
        ta1 = ta1 + u1 + <u64>(e0 < ta0);
        ta0 = e0;
      }
      s0 = (s0 >> 1) | (s1 << 63);
      s1 = (s1 >> 1) | (s2 << 63);
      s2 = (s2 >> 1) | (s3 << 63);
      s3 >>= 1;
      u0 = (u0 >> 1) | (u1 << 63);
      u1 >>= 1;
    }
    // (r_{i−1}, r_i) ← (r_i, r_{i+1}), likewise t.
    let x = a0; a0 = b0; b0 = x;
    x = a1; a1 = b1; b1 = x;
    x = a2; a2 = b2; b2 = x;
    x = a3; a3 = b3; b3 = x;
    x = ta0; ta0 = tb0; tb0 = x;
    x = ta1; ta1 = tb1; tb1 = x;
    i++;
  }
  store<u64>(c0At, b0);
  store<u64>(c0At, b1, 8);
  store<u64>(c0At, 0, 16);
  store<u64>(c0At, 0, 24);
  store<u64>(c1At, tb0);
  store<u64>(c1At, tb1, 8);
  store<u64>(c1At, 0, 16);
  store<u64>(c1At, 0, 24);
  return (i & 1) ^ 1;
}
