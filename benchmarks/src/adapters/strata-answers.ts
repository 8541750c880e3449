/**
 * Strata's answers on the suites' inputs, for the agreement checks of the peers: before a peer
 * is timed, its output on the same input must equal Strata's (a peer that disagrees is reported
 * as an error row, not timed). Each helper loads the built Strata package once.
 *
 * References: [RFC8032] §5.1.6 (Ed25519 signatures are deterministic, so they must match byte
 * for byte); [SEC1] §2.3.3–2.3.4 (compressed / uncompressed point encodings); [EIP-2494]
 * (BabyJubjub packing, circomlibjs form); [Banderwagon] (32-byte Banderwagon encoding).
 */
import { bigToBytesBE, importLoose, need, type Loose, importCurves } from '../util.js';

/** Strata Ed25519: sign and verify. */
export interface StrataEd25519 {
  sign(message: Uint8Array, seed: Uint8Array): Uint8Array;
  verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean;
}

/** Loads `@strata/ed25519-batch` sign / verify. */
export async function strataEd25519(): Promise<StrataEd25519> {
  const m = await importLoose('@strata/ed25519-batch');
  const sign = need(m, 'sign', '@strata/ed25519-batch') as StrataEd25519['sign'];
  const verify = need(m, 'verify', '@strata/ed25519-batch') as StrataEd25519['verify'];
  return { sign: (msg, seed) => sign(msg, seed), verify: (s, msg, pk) => verify(s, msg, pk) };
}

/** Strata secp256k1 public-key operations on bytes. */
export interface StrataK1 {
  /** Compressed public key of a 32-byte big-endian secret (constant-time k·G). */
  pubkey(secret: Uint8Array): Uint8Array;
  /** Compressed encoding of tweak·P for a compressed P (constant-time variable-base k·P). */
  tweakMul(point: Uint8Array, tweak: Uint8Array): Uint8Array;
  /** Re-encodes a public key (compressed or uncompressed) in the other form. */
  convert(point: Uint8Array, compressed: boolean): Uint8Array;
}

/** Loads `@strata/curves` secp256k1 (and `@strata/field` ModNScalar). */
export async function strataK1(): Promise<StrataK1> {
  const field = await importLoose('@strata/field');
  const curves = await importCurves();
  const k1 = need(curves, 'secp256k1', '@strata/curves') as Loose;
  const ModNScalar = need(field, 'ModNScalar', '@strata/field');
  const scalar = (b: Uint8Array): Loose => {
    const s = new ModNScalar();
    s.setBytesReduced(b);
    return s;
  };
  return {
    pubkey: (s) => k1.pointToBytes(k1.scalarBaseMult(scalar(s))),
    tweakMul: (p, t) => k1.pointToBytes(k1.scalarMult(scalar(t), k1.pointFromBytes(p))),
    convert: (p, compressed) => (compressed ? k1.pointToBytes(k1.pointFromBytes(p)) : k1.pointToBytesUncompressed(k1.pointFromBytes(p))),
  };
}

/** An affine point as bigints. */
export interface XY {
  readonly x: bigint;
  readonly y: bigint;
}

/** Strata BabyJubjub (EIP-2494 form, circomlibjs packing). */
export interface StrataBabyJubjub {
  add(p: XY, q: XY): XY;
  /** k·P, k any integer in [0, 2^256). */
  mul(p: XY, k: bigint): XY;
  pack(p: XY): Uint8Array;
  unpack(bytes: Uint8Array): XY;
  /** The generator Base8 and the prime subgroup order. */
  readonly base: XY;
  readonly order: bigint;
}

/** Loads `@strata/curves` babyJubjub (namespace `edwards`). */
export async function strataBabyJubjub(): Promise<StrataBabyJubjub> {
  const curves = await importCurves();
  const edw = need(curves, 'edwards', '@strata/curves') as Loose;
  const where = '@strata/curves edwards';
  const c = need(edw, 'babyJubjub', where) as Loose;
  const Ext = need(edw, 'PointExtended', where);
  const Aff = need(edw, 'PointAffine', where);
  const mul = need(edw, 'scalarMultNonConst', where);
  const aff = (p: XY): Loose => Aff.fromXY(c, p.x, p.y);
  const ext = (p: XY): Loose => aff(p).toExtended();
  return {
    add: (p, q) => new Ext(c).add(ext(p), ext(q)).toAffine().toBigInts() as XY,
    mul: (p, k) => mul(k, ext(p)).toAffine().toBigInts() as XY,
    pack: (p) => aff(p).toBytes() as Uint8Array,
    unpack: (b) => Aff.fromBytes(c, b).toBigInts() as XY,
    base: new Ext(c).setGenerator().toAffine().toBigInts() as XY,
    order: c.order as bigint,
  };
}

/** Strata Banderwagon: k·P of a Banderwagon element given by its 32-byte encoding, encoded. */
export interface StrataBanderwagon {
  mul(encoded: Uint8Array, k: bigint): Uint8Array;
  readonly order: bigint;
}

/** Loads `@strata/curves` banderwagonFromBytes / banderwagonToBytes (namespace `edwards`). */
export async function strataBanderwagon(): Promise<StrataBanderwagon> {
  const curves = await importCurves();
  const edw = need(curves, 'edwards', '@strata/curves') as Loose;
  const where = '@strata/curves edwards';
  const from = need(edw, 'banderwagonFromBytes', where);
  const to = need(edw, 'banderwagonToBytes', where);
  const mul = need(edw, 'scalarMultNonConst', where);
  const c = need(edw, 'bandersnatch', where) as Loose;
  return { mul: (e, k) => to(mul(k, from(e))) as Uint8Array, order: c.order as bigint };
}

/** 32-byte big-endian encoding of a scalar (what the byte-oriented secp256k1 peers take). */
export const scalarBytes = (k: bigint): Uint8Array => bigToBytesBE(k);
