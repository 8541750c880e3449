/**
 * Loads every Ed25519 vector set from the shared vectors folder into one
 * shape, with the expected outcome under each mode written down here and
 * justified case by case from the vectors' own flags.
 *
 * The strict rules (README "Modes"): |A| = 32, |sig| = 64; S < ℓ; A and R
 * canonical encodings (y < p, no x = −0); A and R not of small order
 * ([8]P ≠ O); cofactorless equation [S]B = R + [k]A, k = SHA-512(R‖A‖M) mod ℓ.
 * The zip215 rules: same lengths; S < ℓ; A and R decode with y reduced mod p
 * and x = −0 allowed; cofactored equation [8][S]B = [8]R + [8][k]A with k
 * hashed over the bytes as given.
 */
import { hex, readVectorJson, readVectorText, xorshiftBytes } from '@strata/testkit';
import type { Ed25519Variant } from '../src/index.js';

/** One verification case. */
export interface Case {
  readonly id: string;
  readonly publicKey: Uint8Array;
  readonly message: Uint8Array;
  readonly signature: Uint8Array;
  /** RFC 8032 variant (absent: plain Ed25519). */
  readonly variant?: Ed25519Variant;
  /** Context of a ctx/ph case. */
  readonly context?: Uint8Array;
  /** Expected result of verify(..., { mode: 'zip215' }). */
  readonly zip215: boolean;
  /** Expected result of verify(..., { mode: 'strict' }). */
  readonly strict: boolean;
}

/** A signing case: seed → public key and deterministic signature. */
export interface SignCase {
  readonly id: string;
  readonly seed: Uint8Array;
  readonly publicKey: Uint8Array;
  readonly message: Uint8Array;
  readonly signature: Uint8Array;
}

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

/** RFC 8032 §7.1 plain Ed25519 cases (the ctx/ph ones: {@link rfc8032Variants}). */
export function rfc8032(): SignCase[] {
  const j = readVectorJson<Record<string, unknown>>('rfc8032', 'rfc8032-section7.json');
  const list = (j['ed25519'] ?? j['Ed25519'] ?? j['vectors']) as Array<Record<string, string>> | undefined;
  if (!Array.isArray(list)) throw new Error(`rfc8032: expected an ed25519 array, got keys ${Object.keys(j).join(',')}`);
  return list.map((v, i) => ({
    id: `rfc8032 ${v['name'] ?? i}`,
    seed: hex(v['secret_key']!),
    publicKey: hex(v['public_key']!),
    message: hex(v['message']!),
    signature: hex(v['signature']!),
  }));
}

/** A signing case of an RFC 8032 variant with its context. */
export interface VariantSignCase extends SignCase {
  readonly variant: 'ed25519ctx' | 'ed25519ph';
  readonly context: Uint8Array;
}

/** RFC 8032 §7.2 (Ed25519ctx) and §7.3 (Ed25519ph) cases. */
export function rfc8032Variants(): VariantSignCase[] {
  const j = readVectorJson<Record<string, Array<Record<string, string>>>>('rfc8032', 'rfc8032-section7.json');
  const out: VariantSignCase[] = [];
  for (const variant of ['ed25519ctx', 'ed25519ph'] as const) {
    const list = j[variant];
    if (!Array.isArray(list)) throw new Error(`rfc8032: expected an ${variant} array, got keys ${Object.keys(j).join(',')}`);
    for (const v of list) {
      out.push({
        id: `rfc8032 ${variant} ${v['name']}`,
        variant,
        context: hex(v['context']!),
        seed: hex(v['secret_key']!),
        publicKey: hex(v['public_key']!),
        message: hex(v['message']!),
        signature: hex(v['signature']!),
      });
    }
  }
  return out;
}

/** The 1024 SUPERCOP sign.input lines: sk‖pk : pk : msg : sig‖msg. */
export function supercop(): SignCase[] {
  const lines = readVectorText('ed25519-supercop-kat', 'kat-ed25519.txt').split('\n').filter((l) => l.length > 0);
  return lines.map((l, i) => {
    const [skpk, pk, msg, sigmsg] = l.split(':') as [string, string, string, string];
    return {
      id: `supercop line ${i + 1}`,
      seed: hex(skpk.slice(0, 64)),
      publicKey: hex(pk),
      message: hex(msg),
      signature: hex(sigmsg.slice(0, 128)),
    };
  });
}

/** Sign cases as verification cases: valid under both modes (ordinary keys and signatures). */
export function signCasesAsCases(cs: SignCase[]): Case[] {
  return cs.map((c) => ({ id: c.id, publicKey: c.publicKey, message: c.message, signature: c.signature, zip215: true, strict: true }));
}

interface WycheTest { tcId: number; comment: string; flags: string[]; msg: string; sig: string; result: string }
interface WycheGroup { publicKey: { pk: string }; tests: WycheTest[] }

/**
 * Wycheproof ed25519_test.json (151 cases). Wycheproof's verdict is a strict
 * one, so strict = (result === 'valid') for every case. Under ZIP-215 the
 * verdict is the same except for encodings that ZIP-215 explicitly allows:
 * the one "InvalidEncoding" case whose R is y = 1 with the sign bit of x set
 * (the x = −0 encoding of the identity, which ZIP-215 decodes as the
 * identity). Its S was recomputed by Wycheproof for that R, so the cofactored
 * equation holds and ZIP-215 accepts it. Every other InvalidEncoding case is
 * rejected under ZIP-215 too (wrong lengths, S ≥ ℓ, or R not decodable).
 */
export function wycheproof(): Case[] {
  const j = readVectorJson<{ testGroups: WycheGroup[] }>('wycheproof', 'ed25519_test.json');
  const out: Case[] = [];
  const xMinusZeroIdentity = '0100000000000000000000000000000000000000000000000000000000000080';
  for (const g of j.testGroups) {
    const pk = hex(g.publicKey.pk);
    for (const t of g.tests) {
      const strict = t.result === 'valid';
      const rIsNegZeroIdentity = t.sig.length === 128 && t.sig.slice(0, 64) === xMinusZeroIdentity;
      const zip215 = strict || (t.flags.includes('InvalidEncoding') && rIsNegZeroIdentity);
      out.push({ id: `wycheproof tc${t.tcId} ${t.comment}`, publicKey: pk, message: hex(t.msg), signature: hex(t.sig), zip215, strict });
    }
  }
  return out;
}

interface SpecCase {
  index: number;
  message: string;
  pub_key: string;
  signature: string;
  conditions: { S: string; A_order: string; R_order: string; cofactored: string; cofactorless: string; comment: string };
  accepted_by: Record<string, boolean>;
}

/**
 * ed25519-speccheck's 12 cases. zip215 = the Zebra column (ed25519-zebra is
 * the ZIP-215 reference verifier). strict is derived from the README
 * condition table: reject when S is out of range, when A or R is small or a
 * non-canonical small encoding ("small", "small*"), or when the cofactorless
 * column is X; accept otherwise. The test also checks that this equals the
 * LibSodium and Dalek-strict columns.
 */
export function speccheck(): Array<Case & { libsodium: boolean; dalekStrict: boolean }> {
  const j = readVectorJson<{ cases: SpecCase[] }>('ed25519-speccheck', 'speccheck-expected.json');
  return j.cases.map((c) => {
    const cond = c.conditions;
    const sOk = cond.S === 'S = 0' || cond.S === '0 < S < L';
    const small = (o: string): boolean => o === 'small' || o === 'small*';
    const strict = sOk && !small(cond.A_order) && !small(cond.R_order) && cond.cofactorless === 'V';
    return {
      id: `speccheck ${c.index} (${cond.comment})`,
      publicKey: hex(c.pub_key),
      message: hex(c.message),
      signature: hex(c.signature),
      zip215: c.accepted_by['Zebra']!,
      strict,
      libsodium: c.accepted_by['LibSodium']!,
      dalekStrict: c.accepted_by['Dalek strict']!,
    };
  });
}

interface Zip215Case { vk_bytes: string; sig_bytes: string; valid_legacy: boolean; valid_zip215: boolean }

/**
 * ed25519-zebra's 196 small-order cases. zip215 = valid_zip215 (all true).
 * strict = false for all: every A and every R here is one of the 8 small-order
 * points or a non-canonical encoding of one, and strict rejects both. (The
 * file's valid_legacy column is libsodium 1.0.15's incomplete blocklist,
 * which lets 3 small-order cases through; strict mode tests order, not a
 * list, so it does not follow that column.)
 */
export function zip215(): Case[] {
  const j = readVectorJson<{ cases: Zip215Case[]; message_hex: string }>('zip215', 'ed25519-zebra-small-order.json');
  const msg = hex(j.message_hex);
  return j.cases.map((c, i) => ({
    id: `zip215 #${i}`,
    publicKey: hex(c.vk_bytes),
    message: msg,
    signature: hex(c.sig_bytes),
    zip215: c.valid_zip215,
    strict: false,
  }));
}

interface CctvCase { number: number; key: string; sig: string; msg: string; flags: string[] | null }

/**
 * C2SP CCTV's 914 edge cases, expectations from the flags:
 * - strict accepts iff none of low_order_A, low_order_R, non_canonical_A,
 *   non_canonical_R (which are all encodings of low-order points) and
 *   low_order_residue (the torsion of R and [k]A does not cancel, so the
 *   cofactorless equation fails) is set. low_order_component_* alone (mixed
 *   order) is accepted: strict does not demand torsion-free points, like
 *   libsodium.
 * - zip215 accepts all except `reencoded_k` cases whose A is not low order:
 *   those vectors hashed k over the canonical re-encoding of a non-canonical
 *   point, while ZIP-215 hashes the bytes as given; with a prime-order part
 *   in A the other k changes [8][k]A and the equation fails. When A is low
 *   order, [8][k]A = O whatever k is, so they still verify. (The CCTV README
 *   says "ZIP215 rules require accepting all vectors", which only holds for
 *   verifiers that re-encode before hashing; ZIP-215 itself says the hash is
 *   over the encodings as given.)
 */
export function cctv(): Case[] {
  const j = readVectorJson<CctvCase[]>('cctv-ed25519', 'ed25519vectors.json');
  return j.map((v) => {
    const f = new Set(v.flags ?? []);
    const strict = !(f.has('low_order_A') || f.has('low_order_R') || f.has('non_canonical_A') || f.has('non_canonical_R') || f.has('low_order_residue'));
    const zip215 = !(f.has('reencoded_k') && !f.has('low_order_A'));
    return { id: `cctv #${v.number} [${[...f].join(',')}]`, publicKey: hex(v.key), message: utf8(v.msg), signature: hex(v.sig), zip215, strict };
  });
}

/** Every verification case of every set. */
export function allCases(): Case[] {
  return [
    ...signCasesAsCases(rfc8032()),
    ...signCasesAsCases(supercop()),
    ...wycheproof(),
    ...speccheck(),
    ...zip215(),
    ...cctv(),
  ];
}

/** A deterministic byte source for reproducible test data (testkit's xorshift32). */
export function prng(seed: number): (n: number) => Uint8Array {
  return xorshiftBytes(seed);
}
