// The secret paths the timing-leak check measures (scripts/leak-check/run.mjs).
//
// Each path says which package function handles a secret, how to turn 32
// secret bytes into the function's input (`prepare`, outside the timed
// region, the same for both classes), what one timed call is (`run`), and
// which fixed secrets to compare against random ones (`variants`: a random
// value fixed for the whole run, plus special values — one, low Hamming
// weight, all ones / order − 1, zero where the function accepts it).
// `once: true` marks a path no engine of @strata/curves serves (pure scalar
// or field arithmetic): run.mjs measures it once, not once per engine.
//
// Only `run` is timed. Everything a path needs that is not the secret
// (points, messages, rings' other members) is fixed for both classes, so
// the only thing that differs between the classes is the secret — and what
// is derived from it (the public key, the key image, and for the signing
// paths the nonce: RFC 8032, RFC 6979 and BIP-340 (with a fixed auxRand)
// derive it from the secret and the fixed message, so a fixed secret also
// fixes its nonce, and both are what those paths measure): see docs/leak-check.md "What the test shows" for
// why a difference there still has to be read.
//
// References:
// - [DUDECT] O. Reparaz, J. Balasch, I. Verbauwhede, "Dude, is my code
//   constant time?", DATE 2017 (fixed-vs-random classes, special fixed values).
// - docs/architecture.md "Constant time" (which path carries which secret).

import { webcrypto } from 'node:crypto';

const P_SECP = 2n ** 256n - 2n ** 32n - 977n;
const N_SECP = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const P_25519 = 2n ** 255n - 19n;
const L_25519 = 2n ** 252n + 27742317777372353535851937790883648493n;

/** 32 random bytes. */
export function randomBytes(n = 32) {
  return webcrypto.getRandomValues(new Uint8Array(n));
}

/** v as 32 big-endian bytes. */
function be(v) {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--, v >>= 8n) out[i] = Number(v & 0xffn);
  return out;
}

/** v as 32 little-endian bytes. */
function le(v) {
  return be(v).reverse();
}

/** A random value below `bound` (rejection sampling on 32 bytes), big-endian. */
function randomBelow(bound, order) {
  for (;;) {
    const b = randomBytes();
    let v = 0n;
    for (const x of b) v = (v << 8n) | BigInt(x);
    v >>= BigInt(256 - bound.toString(2).length);
    if (v > 0n && v < bound) return order === 'le' ? le(v) : be(v);
  }
}

/** The usual fixed classes for an element of [0, bound): random, one, low weight, bound − 1, zero. */
function specialValues(bound, order, { zero = true, extra = [] } = {}) {
  const enc = order === 'le' ? le : be;
  const v = [
    { label: 'random (fixed)', bytes: randomBelow(bound, order) },
    { label: 'one', bytes: enc(1n) },
    { label: 'low weight (2^128 + 1)', bytes: enc(2n ** 128n + 1n) },
    { label: 'order − 1', bytes: enc(bound - 1n) },
    ...extra.map(([label, value]) => ({ label, bytes: enc(value) })),
  ];
  if (zero) v.push({ label: 'zero', bytes: enc(0n) });
  return v;
}

/**
 * Returns the list of paths over the loaded packages
 * `{ field, curves, group, ed, k1, k1ecc, dleq, ring }` (`k1`: @strata/secp256k1-signatures,
 * `k1ecc`: its `/ecc` subpath). Sample counts are totals over both
 * classes for one fixed variant; `quick` ones are for `--quick`.
 */
export function buildPaths(lib) {
  const { FieldVal, ModNScalar, Fe25519, Scalar25519 } = lib.field;
  const { secp256k1, ed25519, edwards, hash } = lib.curves;
  const dq = lib.dleq;
  const grp = lib.group;
  const paths = [];

  // ---- L0 field: the inversions and the square root used on secrets ----
  paths.push({
    name: 'field/FieldVal.inverse',
    secret: 'the element (secp256k1 base field; e.g. Z of a secret multiple, to affine)',
    samples: 20_000, quick: 2_000, batch: 1_000, once: true,
    variants: specialValues(P_SECP, 'be', { extra: [] }).map((v) => (v.label === 'order − 1' ? { ...v, label: 'p − 1' } : v)),
    random: () => randomBytes(),
    prepare: (b) => { const f = new FieldVal(); f.setBytesReduced(b); return f; },
    run: (f) => f.invert(f),
  });
  paths.push({
    name: 'field/FieldVal.sqrt',
    secret: 'the element (secp256k1 base field)',
    samples: 20_000, quick: 2_000, batch: 1_000, once: true,
    variants: [
      { label: 'random (fixed)', bytes: randomBelow(P_SECP, 'be') },
      { label: 'one (square)', bytes: be(1n) },
      { label: 'p − 1 (non-square)', bytes: be(P_SECP - 1n) },
      { label: 'zero', bytes: be(0n) },
    ],
    random: () => randomBytes(),
    prepare: (b) => { const f = new FieldVal(); f.setBytesReduced(b); return f; },
    run: (f) => f.sqrt(f),
  });
  paths.push({
    name: 'field/ModNScalar.inverse',
    secret: 'the scalar mod n (secp256k1)',
    samples: 20_000, quick: 2_000, batch: 1_000, once: true,
    variants: specialValues(N_SECP, 'be'),
    random: () => randomBytes(),
    prepare: (b) => { const s = new ModNScalar(); s.setBytesReduced(b); return s; },
    run: (s) => s.invert(s),
  });
  paths.push({
    name: 'field/Fe25519.invert',
    secret: 'the element (GF(2^255 − 19); e.g. Z of [s]B, to bytes)',
    samples: 20_000, quick: 2_000, batch: 1_000, once: true,
    variants: specialValues(P_25519, 'le').map((v) => (v.label === 'order − 1' ? { ...v, label: 'p − 1' } : v)),
    random: () => { const b = randomBytes(); b[31] &= 0x7f; return b; },
    prepare: (b) => { const f = new Fe25519(); if (!f.trySetBytes(b, 0, { allowNonCanonical: true })) throw new Error('Fe25519 prepare'); return f; },
    run: (f) => f.invert(f),
  });
  paths.push({
    name: 'field/Scalar25519.invert',
    secret: 'the scalar mod ℓ (ed25519); ~0.25 ms per call (a Fermat chain of 315 multiplications), so fewer samples',
    samples: 4_000, quick: 400, batch: 200, once: true,
    variants: specialValues(L_25519, 'le'),
    random: () => randomBytes(),
    prepare: (b) => Scalar25519.fromBytesReduced(b),
    run: (s) => s.invert(s),
  });

  // ---- L1 curves: constant-time scalar multiplication ----
  const secpOut = new secp256k1.JacobianPoint();
  const secpP = (() => {
    const k = new ModNScalar();
    k.setBytes(randomBelow(N_SECP, 'be'));
    return secp256k1.pointFromBytes(secp256k1.pointToBytes(secp256k1.scalarBaseMultNonConst(k)));
  })();
  const secpScalarVariants = specialValues(N_SECP, 'be', { extra: [['255 ones (2^255 − 1)', 2n ** 255n - 1n]] });
  const modN = (b) => { const s = new ModNScalar(); s.setBytesReduced(b); return s; };
  paths.push({
    name: 'curves/secp256k1.scalarBaseMult',
    secret: 'k in k·G',
    samples: 20_000, quick: 2_000, batch: 500,
    variants: secpScalarVariants,
    random: () => randomBytes(),
    prepare: modN,
    run: (k) => secp256k1.scalarBaseMult(k, secpOut),
  });
  paths.push({
    name: 'curves/secp256k1.scalarMult',
    secret: 'k in k·P (P a fixed random point)',
    samples: 10_000, quick: 1_000, batch: 250,
    variants: secpScalarVariants,
    random: () => randomBytes(),
    prepare: modN,
    run: (k) => secp256k1.scalarMult(k, secpP, secpOut),
  });
  // The tweak-multiply of the benchmarks' k1/tweak-mul row (tiny-secp256k1's
  // pointMultiply with a secret tweak): the encoding inverts Z of k·P, which
  // depends on k.
  const secpKey = secp256k1.pointToBytes(secpP);
  const secpIn = new secp256k1.JacobianPoint();
  const secpKeyOut = new Uint8Array(33);
  paths.push({
    name: 'curves/secp256k1.tweakMultiply',
    secret: 'k in pointToBytes(k·pointFromBytes(P)) (P a fixed random 33-byte key; k ≠ 0: the identity has no encoding)',
    samples: 10_000, quick: 1_000, batch: 250,
    variants: specialValues(N_SECP, 'be', { zero: false, extra: [['255 ones (2^255 − 1)', 2n ** 255n - 1n]] }),
    random: () => randomBytes(),
    prepare: modN,
    run: (k) => secp256k1.pointToBytes(secp256k1.scalarMult(k, secp256k1.pointFromBytes(secpKey, secpIn), secpOut), secpKeyOut),
  });
  const secpTable = secp256k1.precompute(secpP);
  paths.push({
    name: 'curves/secp256k1.scalarMultTable',
    secret: 'k in k·P (P a fixed random point, its SecretPointTable)',
    samples: 20_000, quick: 2_000, batch: 500,
    variants: secpScalarVariants,
    random: () => randomBytes(),
    prepare: modN,
    run: (k) => secp256k1.scalarMultTable(k, secpTable, secpOut),
  });
  const edOut = new ed25519.Point();
  const edP = ed25519.Point.fromBytes(ed25519.scalarBaseMultNonConst(Scalar25519.fromBytesReduced(randomBytes())).toBytes());
  const modL = (b) => Scalar25519.fromBytesReduced(b);
  paths.push({
    name: 'curves/ed25519.scalarBaseMult',
    secret: 'k in [k]B',
    samples: 20_000, quick: 2_000, batch: 500,
    variants: specialValues(L_25519, 'le'),
    random: () => randomBytes(),
    prepare: modL,
    run: (k) => ed25519.scalarBaseMult(k, edOut),
  });
  const edEnc = new Uint8Array(32);
  paths.push({
    name: 'curves/ed25519.scalarBaseMultToBytes',
    secret: 'k in the encoding of [k]B',
    samples: 20_000, quick: 2_000, batch: 500,
    variants: specialValues(L_25519, 'le'),
    random: () => randomBytes(),
    prepare: modL,
    run: (k) => ed25519.scalarBaseMultToBytes(k, edEnc),
  });
  const edMsg64 = randomBytes(64);
  paths.push({
    name: 'curves/hash.Sha512',
    secret: 'a 32-byte prefix hashed before a fixed 32-byte message (as sign hashes its nonce)',
    samples: 20_000, quick: 2_000, batch: 500,
    variants: [
      { label: 'random prefix (fixed)', bytes: randomBytes() },
      { label: 'prefix 00…00', bytes: new Uint8Array(32) },
      { label: 'prefix ff…ff', bytes: new Uint8Array(32).fill(0xff) },
    ],
    random: () => randomBytes(),
    prepare: (b) => Uint8Array.from(b),
    run: (prefix) => new hash.Sha512().update(prefix).update(edMsg64.subarray(0, 32)).digest(),
  });
  const sha3Msg = new Uint8Array(96);
  paths.push({
    name: 'curves/hash.sha3_512',
    secret: "a 32-byte secret at the start of a 96-byte message (go-dleq's signature hashes its key into the nonce seed)",
    samples: 20_000, quick: 2_000, batch: 500,
    variants: [
      { label: 'random secret (fixed)', bytes: randomBytes() },
      { label: 'secret 00…00', bytes: new Uint8Array(32) },
      { label: 'secret ff…ff', bytes: new Uint8Array(32).fill(0xff) },
    ],
    random: () => randomBytes(),
    prepare: (b) => Uint8Array.from(b),
    run: (secret) => {
      sha3Msg.set(secret, 0);
      return hash.sha3_512(sha3Msg);
    },
  });
  paths.push({
    name: 'curves/ed25519.scalarMult',
    secret: 'k in [k]P (P a fixed random point)',
    samples: 10_000, quick: 1_000, batch: 250,
    variants: specialValues(L_25519, 'le'),
    random: () => randomBytes(),
    prepare: modL,
    run: (k) => ed25519.scalarMult(k, edP, edOut),
  });

  // The generic Edwards curves (issue 24: both engines serve them): k·P and k·G, k as 32 little-endian bytes (not reduced).
  for (const curve of [edwards.jubjub, edwards.bandersnatch, edwards.babyJubjub]) {
    const out = new edwards.PointExtended(curve);
    const G = new edwards.PointExtended(curve).setGenerator();
    const P = edwards.scalarMultNonConst(BigInt('0x' + Buffer.from(randomBytes()).toString('hex')) % curve.order, G);
    const variants = specialValues(curve.order, 'le');
    paths.push({
      name: `curves/edwards.scalarMult ${curve.name}`,
      secret: 'k in k·P (P a fixed random point of the subgroup)',
      samples: 6_000, quick: 600, batch: 150,
      variants,
      random: () => randomBytes(),
      prepare: (b) => Uint8Array.from(b),
      run: (k) => edwards.scalarMult(k, P, out),
    });
    paths.push({
      name: `curves/edwards.scalarBaseMult ${curve.name}`,
      secret: 'k in k·G',
      samples: 10_000, quick: 1_000, batch: 250,
      variants,
      random: () => randomBytes(),
      prepare: (b) => Uint8Array.from(b),
      run: (k) => edwards.scalarBaseMult(curve, k, out),
    });
  }

  // ---- L2 ed25519-batch: key generation and signing ----
  const seedVariants = [
    { label: 'random seed (fixed)', bytes: randomBytes() },
    { label: 'seed 00…00', bytes: new Uint8Array(32) },
    { label: 'seed ff…ff', bytes: new Uint8Array(32).fill(0xff) },
  ];
  const edMessage = randomBytes(32);
  paths.push({
    name: 'ed25519-batch/getPublicKey',
    secret: 'the 32-byte seed (hashed, clamped scalar s)',
    samples: 10_000, quick: 1_000, batch: 500,
    variants: seedVariants,
    random: () => randomBytes(),
    prepare: (b) => Uint8Array.from(b),
    run: (seed) => lib.ed.getPublicKey(seed),
  });
  paths.push({
    name: 'ed25519-batch/sign',
    secret: 'the seed (s and the nonce r); message fixed',
    samples: 10_000, quick: 1_000, batch: 500,
    variants: seedVariants,
    random: () => randomBytes(),
    prepare: (b) => Uint8Array.from(b),
    run: (seed) => lib.ed.sign(edMessage, seed),
  });
  paths.push({
    name: 'ed25519-batch/sign SigningKey',
    secret: 'the expanded key (s and the nonce r; one base multiplication); message fixed',
    samples: 10_000, quick: 1_000, batch: 500,
    variants: seedVariants,
    random: () => randomBytes(),
    prepare: (b) => lib.ed.SigningKey.fromSecretKey(b),
    run: (key) => lib.ed.sign(edMessage, key),
  });

  // ---- L2 secp256k1-signatures: keys, ECDSA and BIP-340 signing, /ecc key tweaks ----
  // The secret key d is 32 big-endian bytes in [1, n) (0 is refused, so no
  // zero variant). The hash / message, extraEntropy and auxRand are fixed for
  // both classes, so the nonce (RFC 6979's HMAC-DRBG of d ‖ h ‖ extra,
  // BIP-340's tagged hash of d ⊕ hash(aux) ‖ P ‖ m) is fixed with a fixed d
  // and fresh with a random one: class 0 is "this key and its nonce", class 1
  // "a fresh key and a fresh nonce", as for ed25519-batch/sign.
  const k1 = lib.k1;
  const k1ecc = lib.k1ecc;
  const k1Variants = specialValues(N_SECP, 'be', { zero: false, extra: [['255 ones (2^255 − 1)', 2n ** 255n - 1n]] });
  const k1Random = () => randomBelow(N_SECP, 'be');
  const k1Copy = (b) => Uint8Array.from(b);
  const k1Hash = randomBytes(32);
  const k1Extra = randomBytes(32);
  const k1Aux = randomBytes(32);
  const k1Message = randomBytes(32);
  paths.push({
    name: 'secp256k1-signatures/getPublicKey',
    secret: 'the secret key d (d·G, 33-byte encoding)',
    samples: 10_000, quick: 1_000, batch: 500,
    variants: k1Variants,
    random: k1Random,
    prepare: k1Copy,
    run: (d) => k1.getPublicKey(d),
  });
  paths.push({
    name: 'secp256k1-signatures/ecdsa.sign',
    secret: 'the secret key d and the RFC 6979 nonce k (k·G, k⁻¹); hash fixed',
    samples: 10_000, quick: 1_000, batch: 250,
    variants: k1Variants,
    random: k1Random,
    prepare: k1Copy,
    run: (d) => k1.ecdsa.sign(k1Hash, d),
  });
  paths.push({
    name: 'secp256k1-signatures/ecdsa.sign extraEntropy',
    secret: 'd and the nonce k, with 32 bytes of extra entropy in the DRBG seed; hash and extraEntropy fixed',
    samples: 10_000, quick: 1_000, batch: 250,
    variants: k1Variants,
    random: k1Random,
    prepare: k1Copy,
    run: (d) => k1.ecdsa.sign(k1Hash, d, { extraEntropy: k1Extra }),
  });
  paths.push({
    name: 'secp256k1-signatures/ecdsa.signRecoverable',
    secret: 'd and the nonce k (signature and recovery id); hash fixed',
    samples: 10_000, quick: 1_000, batch: 250,
    variants: k1Variants,
    random: k1Random,
    prepare: k1Copy,
    run: (d) => k1.ecdsa.signRecoverable(k1Hash, d),
  });
  paths.push({
    name: 'secp256k1-signatures/schnorr.getPublicKey',
    secret: 'the secret key d (x-only d·G)',
    samples: 10_000, quick: 1_000, batch: 500,
    variants: k1Variants,
    random: k1Random,
    prepare: k1Copy,
    run: (d) => k1.schnorr.getPublicKey(d),
  });
  paths.push({
    name: 'secp256k1-signatures/schnorr.sign',
    secret: 'd (and its negation by the parity of P) and the BIP-340 nonce k (the k / −k select); message and auxRand fixed',
    samples: 10_000, quick: 1_000, batch: 250,
    variants: k1Variants,
    random: k1Random,
    prepare: k1Copy,
    run: (d) => k1.schnorr.sign(k1Message, d, k1Aux),
  });
  // The /ecc private-key tweaks: d is the secret; the tweak is fixed for both
  // classes, as docs/architecture.md "Constant time" does not count it among
  // this package's secrets (d and k; BIP-32's tweak comes from the chain code,
  // BIP-341's from P and the script tree). Pure ModNScalar arithmetic: no
  // engine serves them. pointAddScalar / xOnlyPointAddTweak (tweak·G added to
  // a public key) have no secret by that table and are not measured.
  const k1Tweak = randomBelow(N_SECP, 'be');
  for (const [fn, what, run] of [
    ['privateAdd', 'd + t mod n; the tweak t fixed', (d) => k1ecc.privateAdd(d, k1Tweak)],
    ['privateSub', 'd − t mod n; the tweak t fixed', (d) => k1ecc.privateSub(d, k1Tweak)],
    ['privateNegate', 'n − d', (d) => k1ecc.privateNegate(d)],
  ]) {
    paths.push({
      name: `secp256k1-signatures/ecc.${fn}`,
      secret: `the private key d (tiny-secp256k1's isPrivate check, then ${what})`,
      samples: 20_000, quick: 2_000, batch: 1_000, once: true,
      variants: k1Variants,
      random: k1Random,
      prepare: k1Copy,
      run,
    });
  }
  // The /ecc secret paths that multiply: d·G, ECDSA and BIP-340 signing
  // through tiny-secp256k1's interface (served by the engine, like the
  // paths above).
  for (const [fn, what, run] of [
    ['pointFromScalar', 'd·G, 33 bytes', (d) => k1ecc.pointFromScalar(d)],
    ['sign', 'd and the RFC 6979 nonce k; hash fixed', (d) => k1ecc.sign(k1Hash, d)],
    ['signSchnorr', 'd and the BIP-340 nonce k; message and aux fixed', (d) => k1ecc.signSchnorr(k1Message, d, k1Aux)],
  ]) {
    paths.push({
      name: `secp256k1-signatures/ecc.${fn}`,
      secret: `the private key d (tiny-secp256k1's isPrivate check, then ${what})`,
      samples: 10_000, quick: 1_000, batch: 250,
      variants: k1Variants,
      random: k1Random,
      prepare: k1Copy,
      run,
    });
  }
  // The `tweak` namespace (BIP-32 / BIP-341 in Strata's grammar).
  // privateAdd: ModNScalar arithmetic (no engine). publicAdd: the tweak t is
  // the secret (BIP-32's comes from the chain code), t·G by scalarBaseMult,
  // P fixed. taprootSecretKey: d·G (engine-served), the public parity
  // select, t = hash_TapTweak(P ‖ root) (root fixed, P from d).
  const k1Root = randomBytes(32);
  const k1Point = k1.getPublicKey(randomBelow(N_SECP, 'be'));
  paths.push({
    name: 'secp256k1-signatures/tweak.privateAdd',
    secret: 'the secret key d (d + t mod n; the tweak t fixed)',
    samples: 20_000, quick: 2_000, batch: 1_000, once: true,
    variants: k1Variants,
    random: k1Random,
    prepare: k1Copy,
    run: (d) => k1.tweak.privateAdd(d, k1Tweak),
  });
  paths.push({
    name: 'secp256k1-signatures/tweak.publicAdd',
    secret: 'the tweak t (P + t·G, 33 bytes; P fixed)',
    samples: 10_000, quick: 1_000, batch: 250,
    variants: k1Variants,
    random: k1Random,
    prepare: k1Copy,
    run: (t) => k1.tweak.publicAdd(k1Point, t),
  });
  paths.push({
    name: 'secp256k1-signatures/tweak.taprootSecretKey',
    secret: 'the secret key d (d·G, n − d for an odd y, + hash_TapTweak(P ‖ root)); merkle root fixed',
    samples: 10_000, quick: 1_000, batch: 250,
    variants: k1Variants,
    random: k1Random,
    prepare: k1Copy,
    run: (d) => k1.tweak.taprootSecretKey(d, k1Root),
  });

  // ---- L3 ring: signing (the private key x; key image x·H_p(P)) ----
  for (const [cname, curve, order, bound] of [
    ['secp256k1', grp.secp256k1, 'be', N_SECP],
    ['ed25519', grp.ed25519, 'le', L_25519],
  ]) {
    const enc = order === 'le' ? le : be;
    const decoy = curve.scalarBaseMult(curve.newRandomScalar());
    const message = randomBytes(32);
    paths.push({
      name: `ring/sign ${cname}`,
      secret: 'the private key x (signer at index 0 of a 2-member ring; fresh ring per call, H_p cached before timing)',
      samples: 2_000, quick: 150, batch: 100,
      variants: [
        { label: 'random (fixed)', bytes: randomBelow(bound, order) },
        { label: 'one', bytes: enc(1n) },
        { label: 'low weight (2^128 + 1)', bytes: enc(2n ** 128n + 1n) },
        { label: 'order − 1', bytes: enc(bound - 1n) },
      ],
      random: () => curve.newRandomScalar().toBytes(),
      prepare: (b) => {
        const x = curve.scalarFromBytes(b);
        const ring = lib.ring.Ring.fromPublicKeys(curve, [curve.scalarBaseMult(x), decoy]);
        // Fill the per-ring hash cache (H_p of each member: variable time in
        // the PUBLIC keys, try-and-increment) outside the timed region, without
        // counting a use, so sign() takes the no-table path in both classes.
        const state = lib.ringState.ringState(ring);
        if (typeof state.build !== 'function') throw new Error('ring/sign: RingState#build is gone; update scripts/leak-check/paths.mjs');
        state.build(false);
        return { x, ring };
      },
      run: ({ x, ring }) => lib.ring.sign(message, ring, x, 0),
    });
  }

  // ---- L2 dleq: proving (the witness x) ----
  const bits = dq.proofBitCount(grp.secp256k1, grp.ed25519);
  const allOnes = new Uint8Array(32).fill(0xff);
  for (let i = 0; i < 32; i++) {
    if (i * 8 >= bits) allOnes[i] = 0;
    else if (i * 8 + 8 > bits) allOnes[i] &= (1 << (bits - i * 8)) - 1;
  }
  paths.push({
    name: 'dleq/prove secp256k1×ed25519',
    secret: `the witness x (${bits} bits); ~0.2 s per proof, so few samples`,
    samples: 40, quick: 6, batch: 10,
    // One proof runs ~1 000 multiplications of each kind: two proofs warm the JIT up.
    warmup: 2,
    variants: [
      { label: 'random (fixed)', bytes: dq.generateSecretForCurvesLE(grp.secp256k1, grp.ed25519) },
      { label: 'one (Hamming weight 1)', bytes: le(1n) },
      { label: `all ${bits} bits set`, bytes: allOnes },
    ],
    random: () => dq.generateSecretForCurvesLE(grp.secp256k1, grp.ed25519),
    prepare: (b) => Uint8Array.from(b),
    run: (x) => dq.prove(grp.secp256k1, grp.ed25519, x),
  });

  return paths;
}
