/**
 * The wire format that carries a chunk of a batch to a worker thread: one
 * ArrayBuffer, moved (not copied) through `postMessage`.
 *
 * Layout (integers little-endian):
 *
 *   n (u32) ‖ msgLen[0..n) (u32) ‖ variant[0..n) (u8) ‖ ctxLen[0..n) (u8) ‖
 *   pk[0..n) (32 bytes each) ‖ sig[0..n) (64 bytes each) ‖
 *   ctx[0] ‖ msg[0] ‖ … ‖ ctx[n−1] ‖ msg[n−1]
 *
 * variant is the RFC 8032 variant code (0 Ed25519, 1 Ed25519ctx,
 * 2 Ed25519ph; verify.ts) and ctx its context (ctxLen = 0 for Ed25519).
 * Only entries whose public key is 32 bytes and whose signature is 64 bytes
 * are packed: the caller settles wrong-length entries as `false` itself
 * (single verification returns `false` for them before any arithmetic), and
 * has checked every variant and context.
 *
 * References: [RFC8032] §5.1 (the variants); otherwise a private format of this package.
 */
import { ErrorCode, StrataError } from '@strata/field';

/** One batch entry as the user supplies it. */
export interface BatchEntry {
  /** 32-byte encoded public key A. */
  readonly publicKey: Uint8Array;
  /** The signed message (any length; for Ed25519ph the message itself, not its hash). */
  readonly message: Uint8Array;
  /** 64-byte signature R ‖ S. */
  readonly signature: Uint8Array;
  /** RFC 8032 variant (default `'ed25519'`), as in `verify`. */
  readonly variant?: 'ed25519' | 'ed25519ctx' | 'ed25519ph';
  /** Context: 1–255 bytes for `'ed25519ctx'`, 0–255 for `'ed25519ph'`, none for `'ed25519'`. */
  readonly context?: Uint8Array;
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
  /** Returns the variant code of entry i. */
  variant(i: number): number;
  /** Returns the context of entry i (a view), or undefined for plain Ed25519. */
  context(i: number): Uint8Array | undefined;
}

const EMPTY = new Uint8Array(0);

/**
 * Packs `entries[idx[j]]` for j in [0, idx.length) into one ArrayBuffer
 * (layout in the file comment), entry i with variant code `variants[i]`.
 * Every packed entry must already have a 32-byte key, a 64-byte signature
 * and a context valid for its variant.
 */
export function packEntries(entries: readonly BatchEntry[], idx: readonly number[], variants: Uint8Array): ArrayBuffer {
  const n = idx.length;
  let varTotal = 0;
  for (let j = 0; j < n; j++) {
    const e = entries[idx[j]!]!;
    varTotal += e.message.length + (e.context?.length ?? 0);
  }
  const head = 4 + 6 * n;
  const size = head + 96 * n + varTotal;
  const buf = new ArrayBuffer(size);
  const dv = new DataView(buf);
  const bytes = new Uint8Array(buf);
  dv.setUint32(0, n, true);
  let pkOff = head;
  let sigOff = head + 32 * n;
  let varOff = head + 96 * n;
  for (let j = 0; j < n; j++) {
    const i = idx[j]!;
    const e = entries[i]!;
    const ctx = e.context ?? EMPTY;
    dv.setUint32(4 + 4 * j, e.message.length, true);
    bytes[4 + 4 * n + j] = variants[i]!;
    bytes[4 + 5 * n + j] = ctx.length;
    bytes.set(e.publicKey, pkOff);
    bytes.set(e.signature, sigOff);
    bytes.set(ctx, varOff);
    bytes.set(e.message, varOff + ctx.length);
    pkOff += 32;
    sigOff += 64;
    varOff += ctx.length + e.message.length;
  }
  return buf;
}

/**
 * Reads a buffer written by `packEntries`. Throws StrataError
 * ERR_TRUNCATED when the buffer is shorter than its lengths say, and
 * ERR_MALFORMED when it is inconsistent (an unknown variant, a context
 * length its variant does not allow, bytes after the last message).
 */
export function unpackEntries(buf: ArrayBuffer): PackedView {
  if (buf.byteLength < 4) throw new StrataError(ErrorCode.TRUNCATED, `packed batch: expected at least 4 bytes, got ${buf.byteLength}`);
  const dv = new DataView(buf);
  const bytes = new Uint8Array(buf);
  const n = dv.getUint32(0, true);
  const head = 4 + 6 * n;
  if (head + 96 * n > buf.byteLength) {
    throw new StrataError(ErrorCode.TRUNCATED, `packed batch: expected ${head + 96 * n}+ bytes for ${n} entries, got ${buf.byteLength}`);
  }
  const ctxStart = new Array<number>(n);
  const msgStart = new Array<number>(n + 1);
  let off = head + 96 * n;
  for (let i = 0; i < n; i++) {
    const v = bytes[4 + 4 * n + i]!;
    const cl = bytes[4 + 5 * n + i]!;
    if (v > 2 || (v === 0 && cl !== 0) || (v === 1 && cl === 0)) {
      throw new StrataError(ErrorCode.MALFORMED, `packed batch entry ${i}: expected a variant code 0–2 with a context length it allows, got ${v} with ${cl}`);
    }
    ctxStart[i] = off;
    off += cl;
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
    message: (i) => bytes.subarray(msgStart[i]!, msgStart[i]! + dv.getUint32(4 + 4 * i, true)),
    variant: (i) => bytes[4 + 4 * n + i]!,
    context: (i) => (bytes[4 + 4 * n + i] === 0 ? undefined : bytes.subarray(ctxStart[i]!, msgStart[i]!)),
  };
}
