/**
 * A test-only reference of ring-go's algorithms, written from the vectors'
 * `format` text over noble-curves points and BigInt scalars. It shares no
 * code with `src/`: tests use it as an independent oracle (differential
 * checks on random rings, and a check of the vectors themselves).
 *
 * Slow on purpose; never used outside tests.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha3_256, sha3_512 } from '@noble/hashes/sha3.js';
import { bigFromBytesBE, bigFromBytesLE, bigToBytesBE, bigToBytesLE, concatBytes } from '@strata/testkit';

export type CurveName = 'secp256k1' | 'ed25519';
export type H2SMode = 'decred' | 'libsecp256k1';

const SP = secp256k1.Point;
const EP = ed25519.Point;
type SPoint = InstanceType<typeof SP>;
type EPoint = InstanceType<typeof EP>;
type AnyPoint = SPoint | EPoint;

export const N_SECP = SP.CURVE().n;
export const P_SECP = SP.CURVE().p;
export const L_ED = EP.CURVE().n;

/** Order of the prime subgroup of a curve. */
export function order(curve: CurveName): bigint {
  return curve === 'secp256k1' ? N_SECP : L_ED;
}

/** Go's Encode(): secp compressed, with infinity written as 02||0^32 (decred's ToAffine of Z=0). */
export function encodePoint(curve: CurveName, p: AnyPoint): Uint8Array {
  if (curve === 'secp256k1') {
    const q = p as SPoint;
    if (q.is0()) {
      const out = new Uint8Array(33);
      out[0] = 2;
      return out;
    }
    return q.toBytes(true);
  }
  return (p as EPoint).toBytes();
}

/** Go's DecodeToPoint (decred ParsePubKey / edwards25519 SetBytes); throws on failure. */
export function pointFromBytes(curve: CurveName, b: Uint8Array): AnyPoint {
  if (curve === 'secp256k1') {
    if (b.length !== 33 || (b[0] !== 2 && b[0] !== 3)) throw new Error('bad secp point');
    return SP.fromBytes(b);
  }
  if (b.length !== 32) throw new Error('bad ed point length');
  return EP.fromBytes(b, true);
}

export function encodeScalar(curve: CurveName, s: bigint): Uint8Array {
  return curve === 'secp256k1' ? bigToBytesBE(s, 32) : bigToBytesLE(s, 32);
}

/** Go's DecodeToScalar: secp reduces silently; ed25519 rejects ≥ l. */
export function scalarFromBytes(curve: CurveName, b: Uint8Array): bigint {
  if (b.length !== 32) throw new Error('invalid scalar length');
  if (curve === 'secp256k1') return bigFromBytesBE(b) % N_SECP;
  const v = bigFromBytesLE(b);
  if (v >= L_ED) throw new Error('invalid scalar encoding');
  return v;
}

/** HashToScalar with either secp256k1 backend rule. */
export function hashToScalar(curve: CurveName, data: Uint8Array, mode: H2SMode = 'decred'): bigint {
  const h = sha3_512(data);
  if (curve === 'ed25519') return bigFromBytesLE(h) % L_ED;
  const v = bigFromBytesBE(h) % N_SECP;
  if (mode === 'libsecp256k1' || v === 0n) return v;
  let len = 0;
  for (let t = v; t > 0n; t >>= 8n) len++;
  const shifted = v << BigInt(8 * (32 - len));
  if (shifted >= N_SECP) throw new Error('go panic: hash should not be reduced twice');
  return shifted;
}

/** True when the two secp256k1 backends disagree on this hash input. */
export function isShortHash(data: Uint8Array): boolean {
  const v = bigFromBytesBE(sha3_512(data)) % N_SECP;
  return v !== 0n && v < 1n << 248n;
}

/** H_p(P) as ring-go computes it. */
export function hashToCurve(curve: CurveName, p: AnyPoint): AnyPoint {
  let h = sha3_256(encodePoint(curve, p));
  for (let i = 0; i < 128; i++) {
    if (curve === 'secp256k1') {
      const x = bigFromBytesBE(h) % P_SECP;
      const enc = new Uint8Array(33);
      enc[0] = 2;
      enc.set(bigToBytesBE(x, 32), 1);
      try {
        return SP.fromBytes(enc);
      } catch {
        /* not on curve: rehash */
      }
    } else {
      try {
        return EP.fromBytes(h, true).clearCofactor();
      } catch {
        /* not a point: rehash */
      }
    }
    h = sha3_256(h);
  }
  throw new Error('hash to curve failed');
}

/** Returns k·p (k reduced mod the order first, as Go scalars are). */
export function mul(curve: CurveName, p: AnyPoint, k: bigint): AnyPoint {
  const kk = k % order(curve);
  if (curve === 'secp256k1') return kk === 0n ? SP.ZERO : (p as SPoint).multiplyUnsafe(kk);
  return kk === 0n ? EP.ZERO : (p as EPoint).multiplyUnsafe(kk);
}
function add(curve: CurveName, a: AnyPoint, b: AnyPoint): AnyPoint {
  return curve === 'secp256k1' ? (a as SPoint).add(b as SPoint) : (a as EPoint).add(b as EPoint);
}
function base(curve: CurveName): AnyPoint {
  return curve === 'secp256k1' ? SP.BASE : EP.BASE;
}

function challenge(curve: CurveName, m: Uint8Array, l: AnyPoint, r: AnyPoint, mode: H2SMode): bigint {
  const le = encodePoint(curve, l);
  const re = encodePoint(curve, r);
  const t = new Uint8Array(32 + le.length + re.length);
  t.set(m, 0);
  t.set(le, 32);
  t.set(re, 32 + le.length);
  return hashToScalar(curve, t, mode);
}

/** A decoded ring signature in oracle form. */
export interface OracleSig {
  c: bigint;
  image: AnyPoint;
  s: bigint[];
  ring: AnyPoint[];
}

/** Go's Deserialize; throws where Go errors or panics. */
export function fromBytes(curve: CurveName, b: Uint8Array): OracleSig {
  if (b.length < 4) throw new Error('panic: short header');
  const n = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
  const pl = curve === 'secp256k1' ? 33 : 32;
  if (b.length < n * pl) throw new Error('input too short');
  let o = 4;
  const next = (k: number) => {
    const v = b.subarray(o, Math.min(o + k, b.length));
    o += v.length;
    return v;
  };
  const c = scalarFromBytes(curve, next(32));
  const image = pointFromBytes(curve, next(pl));
  const s: bigint[] = [];
  const ring: AnyPoint[] = [];
  for (let i = 0; i < n; i++) {
    s.push(scalarFromBytes(curve, next(32)));
    ring.push(pointFromBytes(curve, next(pl)));
  }
  return { c, image, s, ring };
}

/** Go's Verify on a deserialized signature (a Go panic counts as false). */
export function verify(curve: CurveName, m: Uint8Array, sig: OracleSig, mode: H2SMode = 'decred'): boolean {
  const n = sig.ring.length;
  if (n === 0) return false;
  let c = sig.c;
  try {
    for (let i = 0; i < n; i++) {
      const l = add(curve, mul(curve, sig.ring[i]!, c), mul(curve, base(curve), sig.s[i]!));
      const r = add(curve, mul(curve, sig.image, c), mul(curve, hashToCurve(curve, sig.ring[i]!), sig.s[i]!));
      c = challenge(curve, m, l, r, mode);
    }
  } catch {
    return false;
  }
  return c === sig.c;
}

/** Go's Serialize. */
export function serialize(curve: CurveName, sig: OracleSig): Uint8Array {
  const parts: Uint8Array[] = [];
  const n = sig.ring.length;
  parts.push(new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]));
  parts.push(encodeScalar(curve, sig.c), encodePoint(curve, sig.image));
  for (let i = 0; i < n; i++) parts.push(encodeScalar(curve, sig.s[i]!), encodePoint(curve, sig.ring[i]!));
  return concatBytes(...parts);
}

/** Go's NewRandomScalar fed from explicit bytes. */
export function scalarFromRead(curve: CurveName, read: Uint8Array): bigint {
  return curve === 'secp256k1' ? bigFromBytesBE(read) % N_SECP : bigFromBytesLE(read) % L_ED;
}

/** Go's Sign with crypto/rand replaced by the given reads. */
export function sign(
  curve: CurveName,
  m: Uint8Array,
  ringEnc: Uint8Array[],
  x: bigint,
  j: number,
  reads: Uint8Array[],
): Uint8Array {
  const ring = ringEnc.map((e) => pointFromBytes(curve, e));
  const n = ring.length;
  let r = 0;
  const rnd = () => scalarFromRead(curve, reads[r++]!);
  const hp = hashToCurve(curve, ring[j]!);
  const image = mul(curve, hp, x);
  const s: bigint[] = new Array<bigint>(n).fill(0n);
  const c: bigint[] = new Array<bigint>(n).fill(0n);
  const u = rnd();
  c[(j + 1) % n] = challenge(curve, m, mul(curve, base(curve), u), mul(curve, hp, u), 'decred');
  for (let k = 1; k < n; k++) {
    const i = (j + k) % n;
    s[i] = rnd();
    const l = add(curve, mul(curve, ring[i]!, c[i]!), mul(curve, base(curve), s[i]!));
    const rr = add(curve, mul(curve, image, c[i]!), mul(curve, hashToCurve(curve, ring[i]!), s[i]!));
    c[(i + 1) % n] = challenge(curve, m, l, rr, 'decred');
  }
  const q = order(curve);
  s[j] = (((u - c[j]! * x) % q) + q) % q;
  return serialize(curve, { c: c[0]!, image, s, ring });
}

/** Public key x·G, encoded. */
export function publicKey(curve: CurveName, x: bigint): Uint8Array {
  return encodePoint(curve, mul(curve, base(curve), x));
}

/** Key image of a deserialized signature multiplied by the cofactor, encoded (Link's comparison). */
export function linkTag(curve: CurveName, sig: OracleSig): Uint8Array {
  return encodePoint(curve, curve === 'ed25519' ? mul(curve, sig.image, 8n) : sig.image);
}
