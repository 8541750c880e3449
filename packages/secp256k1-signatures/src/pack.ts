/**
 * The wire format that carries a chunk of a BIP-340 batch to a worker: one
 * ArrayBuffer, moved (not copied) through `postMessage`.
 *
 * Layout (integers little-endian):
 *
 *   n (u32) ‖ msgLen[0..n) (u32) ‖ pk[0..n) (32 bytes each) ‖
 *   sig[0..n) (64 bytes each) ‖ msg[0] ‖ … ‖ msg[n−1]
 *
 * Only entries whose public key is 32 bytes and whose signature is 64 bytes
 * are packed: the caller settles wrong-length entries as `false` itself, as
 * single verification does before any arithmetic.
 *
 * References: [BIP340] (the entry: x-only key, signature, message of any
 * length); otherwise a private format of this package.
 */
import { ErrorCode, StrataError } from '@strata/field';

/** One entry of `schnorr.verifyBatchParallel`: `schnorr.verify`'s arguments. */
export interface BatchEntry {
  /** 64-byte signature r ‖ s. */
  readonly signature: Uint8Array;
  /** The signed message (any length). */
  readonly message: Uint8Array;
  /** 32-byte x-only public key. */
  readonly publicKey: Uint8Array;
}

/** A packed chunk, read back by the worker. */
export interface PackedView {
  /** Number of entries. */
  readonly n: number;
  /** Returns the public key of entry i (a view, not a copy). */
  publicKey(i: number): Uint8Array;
  /** Returns the signature of entry i (a view, not a copy). */
  signature(i: number): Uint8Array;
  /** Returns the message of entry i (a view, not a copy). */
  message(i: number): Uint8Array;
}

/**
 * Packs `entries[idx[j]]` for j in [0, idx.length) into one ArrayBuffer
 * (layout in the file comment) and returns it. Every packed entry must have
 * a 32-byte key and a 64-byte signature.
 */
export function packEntries(entries: readonly BatchEntry[], idx: readonly number[]): ArrayBuffer {
  const n = idx.length;
  let msgTotal = 0;
  for (let j = 0; j < n; j++) msgTotal += entries[idx[j]!]!.message.length;
  const head = 4 + 4 * n;
  const buf = new ArrayBuffer(head + 96 * n + msgTotal);
  const dv = new DataView(buf);
  const bytes = new Uint8Array(buf);
  dv.setUint32(0, n, true);
  let msgOff = head + 96 * n;
  for (let j = 0; j < n; j++) {
    const e = entries[idx[j]!]!;
    dv.setUint32(4 + 4 * j, e.message.length, true);
    bytes.set(e.publicKey, head + 32 * j);
    bytes.set(e.signature, head + 32 * n + 64 * j);
    bytes.set(e.message, msgOff);
    msgOff += e.message.length;
  }
  return buf;
}

/**
 * Returns a view of a buffer written by `packEntries`. Throws StrataError
 * ERR_TRUNCATED when the buffer is shorter than its lengths say, and
 * ERR_MALFORMED when bytes follow the last message.
 */
export function unpackEntries(buf: ArrayBuffer): PackedView {
  if (buf.byteLength < 4) throw new StrataError(ErrorCode.TRUNCATED, `packed batch: expected at least 4 bytes, got ${buf.byteLength}`);
  const dv = new DataView(buf);
  const bytes = new Uint8Array(buf);
  const n = dv.getUint32(0, true);
  const head = 4 + 4 * n;
  if (head + 96 * n > buf.byteLength) {
    throw new StrataError(ErrorCode.TRUNCATED, `packed batch: expected ${head + 96 * n}+ bytes for ${n} entries, got ${buf.byteLength}`);
  }
  const msgStart = new Array<number>(n + 1);
  let off = head + 96 * n;
  for (let i = 0; i < n; i++) {
    msgStart[i] = off;
    off += dv.getUint32(4 + 4 * i, true);
  }
  msgStart[n] = off;
  if (off !== buf.byteLength) {
    throw new StrataError(off > buf.byteLength ? ErrorCode.TRUNCATED : ErrorCode.MALFORMED, `packed batch: expected ${off} bytes, got ${buf.byteLength}`);
  }
  return {
    n,
    publicKey: (i) => bytes.subarray(head + 32 * i, head + 32 * i + 32),
    signature: (i) => bytes.subarray(head + 32 * n + 64 * i, head + 32 * n + 64 * i + 64),
    message: (i) => bytes.subarray(msgStart[i]!, msgStart[i + 1]!),
  };
}
