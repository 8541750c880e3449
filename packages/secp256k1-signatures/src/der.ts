/**
 * Strict DER for ECDSA signatures, as BIP-66 defines it for Bitcoin
 * (without the trailing sighash byte):
 *
 *   0x30 ‖ len ‖ 0x02 ‖ lenR ‖ R ‖ 0x02 ‖ lenS ‖ S
 *
 * - total 8–72 bytes, `len` = total − 2 (short-form lengths only), nothing after S;
 * - R and S positive (top bit of the first byte clear), minimally encoded
 *   (a leading 0x00 only before a byte ≥ 0x80), at least one byte each;
 * - and, beyond BIP-66's shape rule (as btcec's `ParseDERSignature`), each
 *   integer in [1, n).
 *
 * Every rule has its StrataError: ERR_BAD_LENGTH (total length outside
 * 8–72), ERR_MALFORMED (tags, length bytes, trailing or missing bytes),
 * ERR_NON_CANONICAL (negative or non-minimal integers), ERR_OUT_OF_RANGE
 * (0 or ≥ n).
 *
 * References:
 * - [BIP66] P. Wuille, "Strict DER signatures", `IsValidSignatureEncoding`.
 * - [X690] ITU-T X.690 §8.3 (INTEGER), §8.1.3 (definite short-form lengths).
 * - [BTCEC] btcsuite/btcd btcec/v2 `ecdsa.ParseDERSignature`.
 */
import { ErrorCode, ModNScalar, StrataError, expectBytes } from '@strata/field';

const scratch = new ModNScalar();

function fail(code: (typeof ErrorCode)[keyof typeof ErrorCode], message: string, offset?: number): never {
  throw new StrataError(code, `ecdsa.signatureFromDER: ${message}`, offset === undefined ? undefined : { offset });
}

/** Checks one INTEGER at der[off] (tag, length, body) and returns the offset after it. */
function integerAt(der: Uint8Array, off: number, name: string, end: number): number {
  if (der[off] !== 0x02) fail(ErrorCode.MALFORMED, `expected the INTEGER tag 0x02 for ${name}, got 0x${(der[off] ?? 0).toString(16).padStart(2, '0')}`, off);
  const len = der[off + 1]!;
  if (len === 0) fail(ErrorCode.MALFORMED, `expected ${name} of at least 1 byte, got 0`, off + 1);
  if (off + 2 + len > end) fail(ErrorCode.MALFORMED, `expected ${name} of ${len} bytes within the signature, got ${end - off - 2}`, off + 1);
  const first = der[off + 2]!;
  if ((first & 0x80) !== 0) fail(ErrorCode.NON_CANONICAL, `expected a positive ${name}, got a negative integer`, off + 2);
  if (len > 1 && first === 0x00 && (der[off + 3]! & 0x80) === 0) {
    fail(ErrorCode.NON_CANONICAL, `expected a minimal encoding of ${name}, got a superfluous leading zero`, off + 2);
  }
  return off + 2 + len;
}

/** Copies the INTEGER body der[off+2 …] (checked by integerAt) into out[at … at+32), checking 1 ≤ v < n. */
function putInteger(der: Uint8Array, off: number, name: string, out: Uint8Array, at: number): void {
  let len = der[off + 1]!;
  let start = off + 2;
  if (der[start] === 0x00) {
    start++;
    len--;
  }
  if (len > 32) fail(ErrorCode.OUT_OF_RANGE, `expected ${name} < n, got a ${len}-byte integer`, off + 2);
  out.set(der.subarray(start, start + len), at + 32 - len);
  if (!scratch.trySetBytes(out, at) || scratch.isZero()) fail(ErrorCode.OUT_OF_RANGE, `expected ${name} in [1, n), got 0 or ≥ n`, off + 2);
}

/**
 * Parses a strict DER signature (the rules above) and returns its 64-byte
 * r ‖ s. TypeError for a non-Uint8Array; StrataError otherwise (codes above).
 * High s is returned as it is (verify with `{ lowS: false }` to accept it).
 */
export function signatureFromDER(der: Uint8Array): Uint8Array {
  expectBytes('ecdsa.signatureFromDER der', der);
  const total = der.length;
  if (total < 8 || total > 72) {
    throw new StrataError(ErrorCode.BAD_LENGTH, `ecdsa.signatureFromDER: expected 8 to 72 bytes, got ${total}`);
  }
  if (der[0] !== 0x30) fail(ErrorCode.MALFORMED, `expected the SEQUENCE tag 0x30, got 0x${der[0]!.toString(16).padStart(2, '0')}`, 0);
  if (der[1] !== total - 2) fail(ErrorCode.MALFORMED, `expected the length byte ${total - 2} (the bytes after it), got ${der[1]}`, 1);
  const afterR = integerAt(der, 2, 'r', total);
  if (afterR + 2 > total) fail(ErrorCode.MALFORMED, 'expected s after r, got the end of the signature', afterR);
  const afterS = integerAt(der, afterR, 's', total);
  if (afterS !== total) fail(ErrorCode.MALFORMED, `expected the signature to end after s, got ${total - afterS} trailing bytes`, afterS);
  const out = new Uint8Array(64);
  putInteger(der, 2, 'r', out, 0);
  putInteger(der, afterR, 's', out, 32);
  return out;
}

/** Appends the minimal positive DER INTEGER of the 32 bytes v[at…] to out at `off`; returns the new offset. */
function writeInteger(v: Uint8Array, at: number, out: Uint8Array, off: number): number {
  let i = at;
  while (i < at + 31 && v[i] === 0) i++;
  const pad = (v[i]! & 0x80) !== 0 ? 1 : 0;
  const len = at + 32 - i + pad;
  out[off] = 0x02;
  out[off + 1] = len;
  if (pad === 1) out[off + 2] = 0x00;
  out.set(v.subarray(i, at + 32), off + 2 + pad);
  return off + 2 + len;
}

/**
 * Returns the strict DER encoding (BIP-66) of a 64-byte r ‖ s signature.
 * TypeError for a non-Uint8Array; StrataError ERR_BAD_LENGTH unless 64
 * bytes, ERR_OUT_OF_RANGE for r or s of 0 or ≥ n.
 */
export function signatureToDER(signature: Uint8Array): Uint8Array {
  expectBytes('ecdsa.signatureToDER signature', signature, 64);
  for (const [at, name] of [[0, 'r'], [32, 's']] as const) {
    if (!scratch.trySetBytes(signature, at) || scratch.isZero()) {
      throw new StrataError(ErrorCode.OUT_OF_RANGE, `ecdsa.signatureToDER: expected ${name} in [1, n), got 0 or ≥ n`, { offset: at });
    }
  }
  const buf = new Uint8Array(72);
  buf[0] = 0x30;
  const afterR = writeInteger(signature, 0, buf, 2);
  const end = writeInteger(signature, 32, buf, afterR);
  buf[1] = end - 2;
  return buf.slice(0, end);
}
