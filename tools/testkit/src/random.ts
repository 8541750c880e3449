/**
 * A seeded byte source for reproducible tests: xorshift32 (Marsaglia,
 * shifts 13/17/5), one low byte per step. Not cryptographic; never use it
 * outside tests.
 */
export function xorshiftBytes(seed: number): (n: number) => Uint8Array {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      s ^= s << 13;
      s >>>= 0;
      s ^= s >>> 17;
      s ^= s << 5;
      s >>>= 0;
      out[i] = s & 0xff;
    }
    return out;
  };
}
