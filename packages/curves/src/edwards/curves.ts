/**
 * The three twisted Edwards curves over SNARK-friendly scalar fields, each a
 * frozen singleton created once at module load by the validating
 * `EdwardsCurve.create` (generator on the curve, r·G = O, Hasse bound, GLV
 * eigen-relation).
 *
 * References:
 * - [Zcash] Zcash Protocol Specification §5.4.9.3 (Jubjub); [ZIP-216].
 * - [Bandersnatch] Masson, Sanso, Zhang, ePrint 2021/1152.
 * - [EIP-2494] Baby Jubjub Elliptic Curve (standard form a = 168700, d = 168696).
 * - arkworks-rs/curves ed_on_bls12_381, ed_on_bls12_381_bandersnatch;
 *   gnark-crypto bls12-381/bandersnatch (GLV constants); iden3/circomlibjs.
 */
import { blsFr, bn254Fr } from '@strata/field';
import { EdwardsCurve } from './point.js';

/**
 * Jubjub: −x² + y² = 1 + d·x²·y² over BLS12-381 Fr, d = −10240/10241,
 * r = 0x0e7db4ea…6f72cb7, h = 8. Generator: arkworks' GENERATOR (= the
 * zkcrypto evidence point (x1, y1), order r). Default encoding: zkcrypto /
 * ZIP-216 ('parity').
 */
export const jubjub: EdwardsCurve = EdwardsCurve.create({
  name: 'jubjub',
  field: blsFr,
  a: -1n,
  d: 0x2a9318e74bfa2b48f5fd9207e6bd7fd4292d7f6d37579d2601065fd6d6343eb1n,
  order: 0x0e7db4ea6533afa906673b0101343b00a6682093ccc81082d0970e5ed6f72cb7n,
  cofactor: 8n,
  generator: {
    x: 0x11dafe5d23e1218086a365b99fbf3d3be72f6afd7d1f72623e6b071492d1122bn,
    y: 0x1d523cf1ddab1a1793132e78c866c0c33e26ba5cc220fed7cc3f870e59d292aan,
  },
  encoding: 'parity',
});

/**
 * Bandersnatch: −5·x² + y² = 1 + d·x²·y² over BLS12-381 Fr,
 * d = 138827208126141220649022263972958607803/171449701953573178309673572579671231137,
 * r = 0x1cfb69d4…2876e7e1, h = 4, with the degree-2 GLV endomorphism ψ
 * (λ² = −2 mod r). Generator: arkworks TE_GENERATOR = gnark-crypto Base.
 * Default compressed encoding: arkworks / gnark-crypto ('lexsign'); the
 * Banderwagon encoding is in `banderwagonToBytes` / `banderwagonFromBytes`.
 */
export const bandersnatch: EdwardsCurve = EdwardsCurve.create({
  name: 'bandersnatch',
  field: blsFr,
  a: -5n,
  d: 0x6389c12633c267cbc66e3bf86be3b6d8cb66677177e54f92b369f2f5188d58e7n,
  order: 0x1cfb69d4ca675f520cce760202687600ff8f87007419047174fd06b52876e7e1n,
  cofactor: 4n,
  generator: {
    x: 0x29c132cc2c0b34c5743711777bbe42f32b79c022ad998465e1e71866a252ae18n,
    y: 0x2a6c669eda123e0f157d8b50badcd586358cad81eee464605e3167b6cc974166n,
  },
  encoding: 'lexsign',
  glv: {
    endo0: 0x52c9f28b828426a561f00d3a63511a882ea712770d9af4d6ee0f014d172510b4n,
    endo1: 0x6cc624cf865457c3a97c6efd6c17d1078456abcfff36f4e9515c806cdf650b3dn,
    lambda: 0x13b4f3dc4a39a493edf849562b38c72bcfc49db970a5056ed13d21408783df05n,
  },
});

/**
 * BabyJubjub in the EIP-2494 standard form used by circomlib / circomlibjs:
 * 168700·x² + y² = 1 + 168696·x²·y² over BN254 Fr, l = 0x060c89ce…92126f1,
 * h = 8. Generator: Base8 = 8·Generator (order l), as circomlibjs. Default
 * encoding: circomlibjs packPoint ('lexsign'). (Not the a = −1 reduced form
 * of gnark-crypto, nor arkworks' a = 1 form: points differ by a scaling of x.)
 */
export const babyJubjub: EdwardsCurve = EdwardsCurve.create({
  name: 'babyJubjub',
  field: bn254Fr,
  a: 168700n,
  d: 168696n,
  order: 0x060c89ce5c263405370a08b6d0302b0bab3eedb83920ee0a677297dc392126f1n,
  cofactor: 8n,
  generator: {
    x: 0x0bb77a6ad63e739b4eacb2e09d6277c12ab8d8010534e0b62893f3f6bb957051n,
    y: 0x25797203f7a0b24925572e1cd16bf9edfce0051fb9e133774b3c257a872d7d8bn,
  },
  encoding: 'lexsign',
});

/** circomlibjs' full-group BabyJubjub "Generator" (order 8·l); Base8 = 8 × this. */
export const BABYJUBJUB_FULL_GENERATOR: Readonly<{ x: bigint; y: bigint }> = Object.freeze({
  x: 995203441582195749578291179787384436505546430278305826713579947235728471134n,
  y: 5472060717959818805561601436314318772137091100104008585924551046643952123905n,
});

/** zkcrypto's Jubjub FULL_GENERATOR (order 8·r). */
export const JUBJUB_FULL_GENERATOR: Readonly<{ x: bigint; y: bigint }> = Object.freeze({
  x: 0x62edcbb8bf3787c88b0f03ddd60a8187caf55d1b29bf81afe4b3d35df1a7adfen,
  y: 11n,
});
