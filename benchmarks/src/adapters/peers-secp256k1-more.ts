/**
 * secp256k1 public-key operations (group "secp256k1 public keys" of the curves suite): the byte
 * API wallets call — public-key creation, tweak-multiply, compressed ↔ uncompressed conversion —
 * and two more peers for them: the native libsecp256k1 bindings (`secp256k1`, loaded through
 * {@link loadSecp256k1Native} so a missing addon is reported instead of timing the package's
 * elliptic fallback) and the small `@noble/secp256k1`. {@link k1PubkeyCases} builds the cases of
 * every peer on the same inputs, each checked against Strata's answer before it is timed.
 *
 * References: [SEC1] §2.3.3–2.3.4 (point encodings); libsecp256k1 `secp256k1_ec_pubkey_create`,
 * `secp256k1_ec_pubkey_tweak_mul`, `secp256k1_ec_pubkey_serialize`.
 */
import type { Adapter, Case, Loaded, OpSpec } from '../types.js';
import type { CurvesFixtures, K1Fixtures } from '../fixtures/curves.js';
import { agree, cycle, toHex, type Loose } from '../util.js';
import { loadSecp256k1Native } from './native.js';
import { strataK1 } from './strata-answers.js';

/** The public-key ops of a peer, on bytes; leave out what the peer does not offer. */
export interface K1PubkeyImpl {
  /** 33-byte public key of a 32-byte secret. */
  readonly pubkey?: (secret: Uint8Array) => Uint8Array;
  /** 33-byte encoding of tweak·P for a 33-byte P. */
  readonly tweakMul?: (point: Uint8Array, tweak: Uint8Array) => Uint8Array;
  /** 33-byte → 65-byte. */
  readonly toUncompressed?: (point: Uint8Array) => Uint8Array;
  /** 65-byte → 33-byte. */
  readonly toCompressed?: (point: Uint8Array) => Uint8Array;
}

/** The op ids of the public-key group. */
export const K1_PUBKEY_OPS = ['k1/pubkey', 'k1/tweak-mul', 'k1/to-uncompressed', 'k1/to-compressed'] as const;

/** True for an op of the public-key group. */
export const isK1PubkeyOp = (op: OpSpec): boolean => (K1_PUBKEY_OPS as readonly string[]).includes(op.id);

/** The tweak-multiply inputs: point i is the compressed key i+3 (so the point is not k_i·G). */
export function tweakPoints(fx: K1Fixtures): Uint8Array[] {
  return [...fx.compressed.slice(3), ...fx.compressed.slice(0, 3)];
}

/**
 * Cases for the public-key group over the fixtures. Agreement: on the first two inputs of each
 * op the peer's bytes equal Strata's.
 */
export function k1PubkeyCases(fx: K1Fixtures, impl: K1PubkeyImpl, notes: Partial<Record<(typeof K1_PUBKEY_OPS)[number], string>> = {}): Record<string, Case> {
  const cases: Record<string, Case> = {};
  const T = tweakPoints(fx);
  const bytes = (b: Uint8Array): Uint8Array => new Uint8Array(b);
  const withNote = (id: (typeof K1_PUBKEY_OPS)[number]) => (notes[id] ? { note: notes[id] } : {});
  if (impl.pubkey) {
    const f = impl.pubkey;
    const K = cycle(fx.kBytes);
    cases['k1/pubkey'] = {
      run: () => f(K()),
      check: async () => {
        const s = await strataK1();
        for (const i of [0, 1]) agree(`public key of secret ${i}`, bytes(f(fx.kBytes[i]!)), s.pubkey(fx.kBytes[i]!));
        return true;
      },
      ...withNote('k1/pubkey'),
    };
  }
  if (impl.tweakMul) {
    const f = impl.tweakMul;
    const P = cycle(T);
    const K = cycle(fx.kBytes);
    cases['k1/tweak-mul'] = {
      run: () => f(P(), K()),
      check: async () => {
        const s = await strataK1();
        for (const i of [0, 1]) agree(`tweak-multiply of point ${i}`, bytes(f(T[i]!, fx.kBytes[i]!)), s.tweakMul(T[i]!, fx.kBytes[i]!));
        return true;
      },
      ...withNote('k1/tweak-mul'),
    };
  }
  if (impl.toUncompressed) {
    const f = impl.toUncompressed;
    const C = cycle(fx.compressed);
    cases['k1/to-uncompressed'] = {
      run: () => f(C()),
      check: async () => {
        const s = await strataK1();
        for (const i of [0, 1]) agree(`uncompressed form of key ${i}`, bytes(f(fx.compressed[i]!)), s.convert(fx.compressed[i]!, false));
        return true;
      },
      ...withNote('k1/to-uncompressed'),
    };
  }
  if (impl.toCompressed) {
    const f = impl.toCompressed;
    const U = cycle(fx.uncompressed);
    cases['k1/to-compressed'] = {
      run: () => f(U()),
      check: async () => {
        const s = await strataK1();
        for (const i of [0, 1]) agree(`compressed form of key ${i}`, bytes(f(fx.uncompressed[i]!)), s.convert(fx.uncompressed[i]!, true));
        return true;
      },
      ...withNote('k1/to-compressed'),
    };
  }
  return cases;
}

/** secp256k1 5.0.2: libsecp256k1 through its prebuilt Node addon (never the elliptic fallback). */
export const secp256k1NativeAdapter: Adapter = {
  backend: 'secp256k1',
  kind: 'native',
  description:
    'secp256k1 5.0.2 (libsecp256k1 bindings, prebuilt Node addon loaded with node-gyp-build; the package\'s elliptic fallback is refused): publicKeyCreate, publicKeyTweakMul, publicKeyConvert into reused output buffers',
  covers: isK1PubkeyOp,
  async load(ctx): Promise<Loaded> {
    const lib = loadSecp256k1Native();
    const fx = (ctx.fixtures as CurvesFixtures).k1;
    const o33 = new Uint8Array(33);
    const o65 = new Uint8Array(65);
    return {
      cases: k1PubkeyCases(fx, {
        pubkey: (k) => lib.publicKeyCreate(k, true, o33) as Uint8Array,
        tweakMul: (p, k) => lib.publicKeyTweakMul(p, k, true, o33) as Uint8Array,
        toUncompressed: (p) => lib.publicKeyConvert(p, false, o65) as Uint8Array,
        toCompressed: (p) => lib.publicKeyConvert(p, true, o33) as Uint8Array,
      }),
    };
  },
};

/** @noble/secp256k1 3.2.0: the small single-file secp256k1 (BigInt, projective). */
export const nobleSecp256k1Adapter: Adapter = {
  backend: '@noble/secp256k1',
  kind: 'js',
  description: '@noble/secp256k1 3.2.0 getPublicKey(sk, true), Point.fromBytes(p).multiply(k).toBytes(true), Point.fromBytes(p).toBytes(…) (pure JS, BigInt)',
  covers: isK1PubkeyOp,
  async load(ctx): Promise<Loaded> {
    const nk = (await import('@noble/secp256k1')) as unknown as Loose;
    const fx = (ctx.fixtures as CurvesFixtures).k1;
    const P = nk.Point;
    // Node's Buffer hex as before; the portable toHex where there is no Buffer (the browser run).
    const hex = typeof Buffer === 'function' ? (b: Uint8Array): string => Buffer.from(b).toString('hex') : toHex;
    const big = (b: Uint8Array): bigint => BigInt(`0x${hex(b)}`);
    return {
      cases: k1PubkeyCases(
        fx,
        {
          pubkey: (k) => nk.getPublicKey(k, true) as Uint8Array,
          tweakMul: (p, k) => P.fromBytes(p).multiply(big(k)).toBytes(true) as Uint8Array,
          toUncompressed: (p) => P.fromBytes(p).toBytes(false) as Uint8Array,
          toCompressed: (p) => P.fromBytes(p).toBytes(true) as Uint8Array,
        },
        { 'k1/tweak-mul': 'tweak bytes → BigInt inside the timed call (the library takes BigInt scalars)' },
      ),
    };
  },
};
