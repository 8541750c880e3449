/**
 * The wire format that carries a chunk of a batch to a worker thread: one
 * ArrayBuffer, moved (not copied) through `postMessage`.
 *
 * Layout (all integers little-endian u32):
 *
 *   n ‖ msgLen[0..n) ‖ pk[0..n) (32 bytes each) ‖ sig[0..n) (64 bytes each) ‖ msg[0] ‖ … ‖ msg[n−1]
 *
 * Only entries whose public key is 32 bytes and whose signature is 64 bytes
 * are packed: the caller settles wrong-length entries as `false` itself
 * (single verification returns `false` for them before any arithmetic).
 *
 * References: none (a private format of this package).
 */

/** One batch entry as the user supplies it. */
export interface BatchEntry {
  /** 32-byte encoded public key A. */
  readonly publicKey: Uint8Array;
  /** The signed message (any length). */
  readonly message: Uint8Array;
  /** 64-byte signature R ‖ S. */
  readonly signature: Uint8Array;
}

/** A packed chunk, read back lazily by the worker. */
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
 * (layout in the file comment). Every packed entry must already have a
 * 32-byte key and a 64-byte signature.
 */
export function packEntries(entries: readonly BatchEntry[], idx: readonly number[]): ArrayBuffer {
  const n = idx.length;
  let msgTotal = 0;
  for (let j = 0; j < n; j++) msgTotal += entries[idx[j]!]!.message.length;
  const head = 4 + 4 * n;
  const size = head + 96 * n + msgTotal;
  const buf = new ArrayBuffer(size);
  const dv = new DataView(buf);
  const bytes = new Uint8Array(buf);
  dv.setUint32(0, n, true);
  let pkOff = head;
  let sigOff = head + 32 * n;
  let msgOff = head + 96 * n;
  for (let j = 0; j < n; j++) {
    const e = entries[idx[j]!]!;
    dv.setUint32(4 + 4 * j, e.message.length, true);
    bytes.set(e.publicKey, pkOff);
    bytes.set(e.signature, sigOff);
    bytes.set(e.message, msgOff);
    pkOff += 32;
    sigOff += 64;
    msgOff += e.message.length;
  }
  return buf;
}

/**
 * Reads a buffer written by `packEntries`. Throws RangeError when the
 * buffer is inconsistent (truncated, lengths that overrun it).
 */
export function unpackEntries(buf: ArrayBuffer): PackedView {
  if (buf.byteLength < 4) throw new RangeError(`packed batch: expected at least 4 bytes, got ${buf.byteLength}`);
  const dv = new DataView(buf);
  const bytes = new Uint8Array(buf);
  const n = dv.getUint32(0, true);
  const head = 4 + 4 * n;
  if (head + 96 * n > buf.byteLength) {
    throw new RangeError(`packed batch: expected ${head + 96 * n}+ bytes for ${n} entries, got ${buf.byteLength}`);
  }
  const msgStart = new Array<number>(n + 1);
  let off = head + 96 * n;
  for (let i = 0; i < n; i++) {
    msgStart[i] = off;
    off += dv.getUint32(4 + 4 * i, true);
  }
  msgStart[n] = off;
  if (off !== buf.byteLength) {
    throw new RangeError(`packed batch: expected ${off} bytes, got ${buf.byteLength}`);
  }
  return {
    n,
    publicKey: (i) => bytes.subarray(head + 32 * i, head + 32 * i + 32),
    signature: (i) => bytes.subarray(head + 32 * n + 64 * i, head + 32 * n + 64 * i + 64),
    message: (i) => bytes.subarray(msgStart[i]!, msgStart[i + 1]!),
  };
}
