/** Hex and big-integer byte helpers for tests. */
import { hexToBytes } from '@strata/field';

/** Decodes a hex string (no 0x prefix, even length) into bytes. */
export function hex(s: string): Uint8Array {
  return hexToBytes(s.startsWith('0x') ? s.slice(2) : s);
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
