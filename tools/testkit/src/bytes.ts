/** Hex and big-integer byte helpers for tests. */
/**
 * Decodes a hex string (an optional 0x prefix, then an even number of hex
 * digits) into bytes. Throws a TypeError on anything else, so a typo in a
 * test's literal fails the test instead of decoding to other bytes. The kit
 * has its own decoder so that it depends on no Strata package.
 */
export function hex(s: string): Uint8Array {
  const digits = s.startsWith('0x') ? s.slice(2) : s;
  if (digits.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(digits)) {
    throw new TypeError(`hex: expected an even number of hex digits, got ${JSON.stringify(s.length > 40 ? s.slice(0, 40) + '…' : s)}`);
  }
  const out = new Uint8Array(digits.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export function toHex(b: Uint8Array): string {
  let s = '';
  for (const x of b) s += x.toString(16).padStart(2, '0');
  return s;
}

export function bigFromBytesBE(b: Uint8Array): bigint {
  let v = 0n;
  for (const x of b) v = (v << 8n) | BigInt(x);
  return v;
}

export function bigFromBytesLE(b: Uint8Array): bigint {
  let v = 0n;
  for (let i = b.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(b[i]!);
  return v;
}

export function bigToBytesBE(v: bigint, len: number): Uint8Array {
  const out = new Uint8Array(len);
  let x = v;
  for (let i = len - 1; i >= 0; i--) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  if (x !== 0n) throw new Error(`bigToBytesBE: value does not fit in ${len} bytes`);
  return out;
}

export function bigToBytesLE(v: bigint, len: number): Uint8Array {
  return bigToBytesBE(v, len).reverse();
}

/** Returns parts[0] ‖ parts[1] ‖ … (a new array). */
export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
