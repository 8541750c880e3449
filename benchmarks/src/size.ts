/**
 * Bundle size of typical imports: what an app that uses one Strata feature ships to a browser,
 * beside the closest @noble/curves imports for the same use.
 *
 * Each entry is a tiny module that imports what the use needs and calls it from an exported
 * function (so nothing is dropped as unused). It is bundled with esbuild the way an app bundler
 * would: bundle, platform browser, ESM, minify, tree-shaking on, no externals; Strata packages
 * resolve to their built `dist/` (what npm users get). The row records the minified bytes and
 * the gzip (level 9) bytes of the output. A bundle that fails (a package that does not bundle for
 * the browser) becomes a row with the esbuild error instead of a crash.
 *
 * The budgets in `size-budget.json` cap the gzipped size of every Strata entry; the test
 * `test/size.test.ts` builds the bundles and fails when one is over its budget.
 *
 * References:
 * - esbuild API (build options `bundle`, `platform`, `minify`, `treeShaking`, `stdin`, `write`):
 *   https://esbuild.github.io/api/
 * - package.json `sideEffects` (how bundlers drop unused modules):
 *   https://esbuild.github.io/api/#ignore-annotations
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The package root (`benchmarks/`): entries resolve their imports from here. */
const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One bundle of one use, for one library. */
export interface SizeBundle {
  /** `strata` or `noble-curves`. */
  readonly library: 'strata' | 'noble-curves';
  /** What the entry imports, for the report, e.g. `{ verify } from '@strata/ed25519-batch'`. */
  readonly imports: string;
  /** The entry module's source (ESM). */
  readonly source: string;
  /** How the entry relates to the Strata one, when not the same feature (shown in the report). */
  readonly note?: string;
}

/** One typical use, with a Strata entry and the closest noble-curves entry. */
export interface SizeUse {
  /** Stable id, the key in `size-budget.json`, e.g. `secp256k1`. */
  readonly id: string;
  /** What the app does, e.g. `secp256k1: parse a public key, k·G`. */
  readonly title: string;
  /** The curves the use needs; the Strata bundle should contain no code of the others. */
  readonly curves: readonly CurveName[];
  /**
   * True when the noble-curves entry does the same job (so the size target "at most
   * {@link SizeTargets.maxNobleRatio}× noble's gzip" applies); false when noble has no such
   * feature and its entry is only a lower bound (ring signatures, DLEq).
   */
  readonly sameJob: boolean;
  readonly strata: SizeBundle;
  readonly noble: SizeBundle;
}

/** Curves whose code can be told apart in a minified Strata bundle. */
export type CurveName = 'secp256k1' | 'ed25519';

/**
 * Markers of each curve's code in a minified Strata bundle: names that survive minification
 * (error messages, `describe()` texts) and occur only in that curve's modules. The test checks
 * that a bundle that uses the curve does contain them, so their absence means the code is gone.
 */
export const CURVE_MARKERS: Readonly<Record<CurveName, RegExp>> = {
  secp256k1: /secp256k1|ModNScalar/,
  // The names of the ed25519 field types, in the messages of their own code. Not the word
  // "ed25519": protocol code that never runs ed25519 still says it in texts and table hints
  // (a ring-over-secp256k1 bundle does).
  ed25519: /Fe25519|Scalar25519/,
};

/**
 * The modules of the WebAssembly engine (the switch, the loader, the embedded module, the three
 * bridges). Only an app that imports `engine` should bundle them: test/size.test.ts checks the
 * bundles of the typical imports against this list (by the metafile's inputs).
 */
export const ENGINE_ONLY_MODULES: readonly string[] = [
  'curves/dist/engine/index.js',
  'curves/dist/engine/load.js',
  'curves/dist/engine/module.generated.js',
  'curves/dist/secp256k1/wasm.js',
  'curves/dist/ed25519/wasm.js',
  'curves/dist/edwards/wasm.js',
];

/** Curves (of {@link CURVE_MARKERS}) whose markers occur in `code`. */
export function curvesIn(code: string): CurveName[] {
  return (Object.keys(CURVE_MARKERS) as CurveName[]).filter((c) => CURVE_MARKERS[c].test(code));
}

/** A measured bundle: sizes in bytes, or the bundler's error. */
export interface SizeRow {
  readonly use: string;
  readonly title: string;
  readonly library: 'strata' | 'noble-curves';
  readonly imports: string;
  readonly note?: string;
  readonly status: 'ok' | 'error';
  /** Minified bundle bytes. */
  readonly minBytes?: number;
  /** The minified bundle gzipped at level 9. */
  readonly gzipBytes?: number;
  /** The esbuild error (first lines), when the entry does not bundle. */
  readonly error?: string;
  /** Gzip budget of a Strata entry (from size-budget.json), and whether the row is within it. */
  readonly budgetGzipBytes?: number;
  readonly withinBudget?: boolean;
  /**
   * Strata rows: curves whose code is in the bundle although the use does not need them (empty
   * when unused curves were tree-shaken away).
   */
  readonly unusedCurves?: CurveName[];
  /**
   * Strata rows of a use whose noble entry does the same job: Strata gzip / noble gzip, and
   * whether it is within the target (`maxNobleRatio` of size-budget.json).
   */
  readonly nobleRatio?: number;
  readonly withinNobleTarget?: boolean;
  /** Where the bytes go: the largest modules of the bundle, `[path, minified bytes in the output]`. */
  readonly largest?: [string, number][];
}

/**
 * The same job written with the namespace import the READMEs show
 * (`import * as secp256k1 from '@strata/curves/secp256k1'`) and with named imports of the same
 * subpath (`import { pointFromBytes, … } from '@strata/curves/secp256k1'`). The target caps the
 * difference: a namespace must cost nothing over the functions it is used for. (Until issue 25
 * the root entry re-exported each curve as a namespace, `import { secp256k1 } from
 * '@strata/curves'`, which esbuild cannot shake, https://github.com/evanw/esbuild/issues/1420:
 * +39 % gzip. The root no longer does; test/size.test.ts checks that it stays so.)
 */
export interface ImportFormPair {
  /** Stable id, e.g. `secp256k1`. */
  readonly id: string;
  readonly title: string;
  readonly namespace: { readonly imports: string; readonly source: string };
  readonly subpath: { readonly imports: string; readonly source: string };
}

/** A measured {@link ImportFormPair}. */
export interface ImportFormRow {
  readonly id: string;
  readonly title: string;
  readonly namespaceImports: string;
  readonly subpathImports: string;
  readonly status: 'ok' | 'error';
  readonly namespace?: { readonly minBytes: number; readonly gzipBytes: number };
  readonly subpath?: { readonly minBytes: number; readonly gzipBytes: number };
  /** Namespace gzip / subpath gzip − 1 (0.05 = the namespace import is 5 % bigger). */
  readonly gzipOverhead?: number;
  /** The same for the minified bytes. */
  readonly minOverhead?: number;
  /** Whether `gzipOverhead` is within `maxNamespaceOverhead` of size-budget.json. */
  readonly withinTarget?: boolean;
  readonly error?: string;
}

/** The targets of size-budget.json (issue 25 item 3). */
export interface SizeTargets {
  /** Every use whose noble entry does the same job: Strata gzip ≤ this × noble gzip. */
  readonly maxNobleRatio: number;
  /** Namespace import gzip ≤ (1 + this) × subpath import gzip, for each {@link ImportFormPair}. */
  readonly maxNamespaceOverhead: number;
}

/** The size section of the benchmark record. */
export interface SizeReport {
  /** The bundler and its options, e.g. `esbuild 0.28.2: bundle, platform browser, esm, minify, tree-shaking, no externals`. */
  readonly tool: string;
  readonly compression: string;
  readonly rows: SizeRow[];
  /** Namespace import beside subpath import (absent in records made before the check existed). */
  readonly forms?: ImportFormRow[];
  /** The targets the rows were checked against (absent when size-budget.json has none). */
  readonly targets?: SizeTargets;
}

/** The body of a sign-then-verify entry: `run(args)` signs and returns the signature and the verdict. */
function signVerifyRun(args: string, sign: string, verify: string): string {
  return `export function run(${args}) {\n  const sig = ${sign};\n  return [sig, ${verify}];\n}`;
}
/** The BIP-340 job: the same calls on Strata's `schnorr` namespace and noble-curves' `schnorr`. */
const SCHNORR_JOB = signVerifyRun('msg, sk, aux, pub', 'schnorr.sign(msg, sk, aux)', 'schnorr.verify(sig, msg, pub)');

/** The tiny-secp256k1 interface written as thin calls into noble-curves (the `ecc` use's lower bound). */
const NOBLE_ECC = `import { secp256k1, schnorr } from '@noble/curves/secp256k1.js';
const { Point } = secp256k1;
const Fn = Point.Fn;
const opt = { prehash: false };
const P = (p) => Point.fromBytes(p);
const tG = (t) => Point.BASE.multiplyUnsafe(Fn.fromBytes(t));
const out = (Q, c) => (Q.is0() ? null : Q.toBytes(c));
export const ecc = {
  isPoint: (p) => secp256k1.utils.isValidPublicKey(p),
  isPrivate: (d) => secp256k1.utils.isValidSecretKey(d),
  isXOnlyPoint: (p) => { try { schnorr.utils.lift_x(Fn.fromBytes(p)); return true; } catch { return false; } },
  pointFromScalar: (d, c = true) => secp256k1.getPublicKey(d, c),
  xOnlyPointFromScalar: (d) => schnorr.getPublicKey(d),
  pointCompress: (p, c = true) => P(p).toBytes(c),
  pointAdd: (a, b, c = true) => out(P(a).add(P(b)), c),
  pointAddScalar: (p, t, c = true) => out(P(p).add(tG(t)), c),
  pointMultiply: (p, t, c = true) => out(P(p).multiply(Fn.fromBytes(t)), c),
  privateAdd: (d, t) => { const s = Fn.add(Fn.fromBytes(d), Fn.fromBytes(t)); return s === 0n ? null : Fn.toBytes(s); },
  privateSub: (d, t) => { const s = Fn.sub(Fn.fromBytes(d), Fn.fromBytes(t)); return s === 0n ? null : Fn.toBytes(s); },
  privateNegate: (d) => Fn.toBytes(Fn.neg(Fn.fromBytes(d))),
  xOnlyPointAddTweak: (p, t) => {
    const Q = schnorr.utils.lift_x(Fn.fromBytes(p)).add(tG(t));
    return Q.is0() ? null : { parity: Q.toAffine().y & 1n ? 1 : 0, xOnlyPubkey: schnorr.utils.pointToBytes(Q) };
  },
  sign: (h, d, e) => secp256k1.sign(h, d, { ...opt, ...(e ? { extraEntropy: e } : {}) }),
  signRecoverable: (h, d, e) => {
    const s = secp256k1.sign(h, d, { ...opt, format: 'recovered', ...(e ? { extraEntropy: e } : {}) });
    return { signature: s.subarray(1), recoveryId: s[0] };
  },
  signSchnorr: (h, d, e = new Uint8Array(32)) => schnorr.sign(h, d, e),
  verify: (h, Q, sig, strict = false) => secp256k1.verify(sig, h, Q, { ...opt, lowS: strict }),
  verifySchnorr: (h, Q, sig) => schnorr.verify(sig, h, Q),
  recover: (h, sig, id, c = false) => out(secp256k1.Signature.fromBytes(sig, 'compact').addRecoveryBit(id).recoverPublicKey(h), c),
};`;

const SECP_P = '0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f';

/** The typical imports measured, in report order. */
export const SIZE_USES: readonly SizeUse[] = [
  {
    id: 'field',
    curves: ['secp256k1'],
    sameJob: true,
    title: 'field only: secp256k1 Fp mul, inverse, sqrt',
    strata: {
      library: 'strata',
      imports: "{ FieldVal } from '@strata/field'",
      source: `import { FieldVal } from '@strata/field';
export function run(a, b) {
  const x = new FieldVal(); x.setBytesReduced(a);
  const y = new FieldVal(); y.setBytesReduced(b);
  x.mul(x, y).invert(x);
  return x.sqrt(x) ? x.normalize().toBytes() : null;
}`,
    },
    noble: {
      library: 'noble-curves',
      imports: "{ Field } from '@noble/curves/abstract/modular.js'",
      source: `import { Field } from '@noble/curves/abstract/modular.js';
const Fp = Field(${SECP_P}n);
export function run(a, b) {
  const x = Fp.inv(Fp.mul(Fp.fromBytes(a), Fp.fromBytes(b)));
  return Fp.toBytes(Fp.sqrt(x));
}`,
    },
  },
  {
    id: 'secp256k1',
    curves: ['secp256k1'],
    sameJob: true,
    title: 'secp256k1 only: parse a public key, secret k·G, encode',
    strata: {
      library: 'strata',
      imports: "* as secp256k1 from '@strata/curves/secp256k1', { ModNScalar } from '@strata/field'",
      source: `import * as secp256k1 from '@strata/curves/secp256k1';
import { ModNScalar } from '@strata/field';
export function run(pub, k) {
  const P = secp256k1.pointFromBytes(pub);
  const s = new ModNScalar(); s.setBytesReduced(k);
  const Q = secp256k1.scalarBaseMult(s);
  return [secp256k1.pointToBytes(P), secp256k1.pointToBytes(Q)];
}`,
    },
    noble: {
      library: 'noble-curves',
      imports: "{ secp256k1 } from '@noble/curves/secp256k1.js'",
      source: `import { secp256k1 } from '@noble/curves/secp256k1.js';
export function run(pub, k) {
  const P = secp256k1.Point.fromBytes(pub);
  const Q = secp256k1.Point.BASE.multiply(secp256k1.Point.Fn.fromBytes(k));
  return [P.toBytes(true), Q.toBytes(true)];
}`,
    },
  },
  {
    id: 'ed25519-verify',
    curves: ['ed25519'],
    sameJob: true,
    title: 'ed25519 verify only',
    strata: {
      library: 'strata',
      imports: "{ verify } from '@strata/ed25519-batch'",
      source: `import { verify } from '@strata/ed25519-batch';
export function run(sig, msg, pk) { return verify(sig, msg, pk); }`,
    },
    noble: {
      library: 'noble-curves',
      imports: "{ ed25519 } from '@noble/curves/ed25519.js'",
      source: `import { ed25519 } from '@noble/curves/ed25519.js';
export function run(sig, msg, pk) { return ed25519.verify(sig, msg, pk); }`,
    },
  },
  {
    id: 'ring-secp256k1',
    curves: ['secp256k1'],
    sameJob: false,
    title: 'ring signatures over secp256k1: sign, serialize, deserialize, verify',
    strata: {
      library: 'strata',
      imports: "{ secp256k1 } from '@strata/group', { Ring, RingSignature } from '@strata/ring'",
      source: `import { secp256k1 } from '@strata/group';
import { Ring, RingSignature } from '@strata/ring';
export function run(keys, x, msg) {
  const ring = Ring.withSigner(secp256k1, keys, x, 0);
  const bytes = ring.sign(msg, x).toBytes();
  return RingSignature.fromBytes(secp256k1, bytes).verify(msg);
}`,
    },
    noble: {
      library: 'noble-curves',
      imports: "{ secp256k1 } from '@noble/curves/secp256k1.js', { sha3_256 } from '@noble/hashes/sha3.js'",
      note: 'noble has no ring signatures: the curve and hash a ring-go implementation needs (a lower bound; the protocol code comes on top)',
      source: `import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha3_256 } from '@noble/hashes/sha3.js';
const { Point } = secp256k1;
export function run(pub, k, msg) {
  const P = Point.fromBytes(pub);
  const s = Point.Fn.fromBytes(sha3_256(msg));
  return Point.BASE.multiply(Point.Fn.fromBytes(k)).add(P.multiplyUnsafe(s)).toBytes(true);
}`,
    },
  },
  {
    id: 'dleq',
    curves: ['secp256k1', 'ed25519'],
    sameJob: false,
    title: 'dleq secp256k1 × ed25519: prove, serialize, deserialize, verify',
    strata: {
      library: 'strata',
      imports: "{ secp256k1, ed25519 } from '@strata/group', { generateSecretForCurvesLE, prove, Proof } from '@strata/dleq'",
      source: `import { secp256k1, ed25519 } from '@strata/group';
import { generateSecretForCurvesLE, prove, Proof } from '@strata/dleq';
export function run() {
  const secret = generateSecretForCurvesLE(secp256k1, ed25519);
  const bytes = prove(secp256k1, ed25519, secret).toBytes();
  return Proof.fromBytes(secp256k1, ed25519, bytes).verify(secp256k1, ed25519);
}`,
    },
    noble: {
      library: 'noble-curves',
      imports: "{ secp256k1 } from '@noble/curves/secp256k1.js', { ed25519 } from '@noble/curves/ed25519.js', { sha256 } from '@noble/hashes/sha2.js', { sha3_512 } from '@noble/hashes/sha3.js'",
      note: 'noble has no cross-group DLEq: the two curves and the hashes a go-dleq implementation needs (a lower bound; the protocol code comes on top)',
      source: `import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { sha3_512 } from '@noble/hashes/sha3.js';
export function run(k, e, msg) {
  const a = secp256k1.Point.BASE.multiply(secp256k1.Point.Fn.fromBytes(sha256(k)));
  const b = ed25519.Point.BASE.multiply(ed25519.Point.Fn.create(ed25519.Point.Fn.fromBytes(sha3_512(e).subarray(0, 32))));
  return [a.toBytes(true), b.toBytes(), secp256k1.verify(msg, sha256(msg), a.toBytes(true)), ed25519.verify(msg, msg, b.toBytes())];
}`,
    },
  },
  {
    id: 'ecdsa',
    curves: ['secp256k1'],
    sameJob: true,
    title: 'secp256k1 ECDSA only: sign a 32-byte hash (RFC 6979, low S), verify',
    strata: {
      library: 'strata',
      imports: "* as ecdsa from '@strata/secp256k1-signatures/ecdsa'",
      source: `import * as ecdsa from '@strata/secp256k1-signatures/ecdsa';\n${signVerifyRun('hash, sk, pub', 'ecdsa.sign(hash, sk)', 'ecdsa.verify(sig, hash, pub)')}`,
    },
    noble: {
      library: 'noble-curves',
      imports: "{ secp256k1 } from '@noble/curves/secp256k1.js'",
      source: `import { secp256k1 } from '@noble/curves/secp256k1.js';\n${signVerifyRun('hash, sk, pub', 'secp256k1.sign(hash, sk, { prehash: false })', 'secp256k1.verify(sig, hash, pub, { prehash: false })')}`,
    },
  },
  {
    id: 'schnorr',
    curves: ['secp256k1'],
    sameJob: true,
    title: 'BIP-340 Schnorr only: sign, verify',
    strata: {
      library: 'strata',
      imports: "* as schnorr from '@strata/secp256k1-signatures/schnorr'",
      source: `import * as schnorr from '@strata/secp256k1-signatures/schnorr';\n${SCHNORR_JOB}`,
    },
    noble: {
      library: 'noble-curves',
      imports: "{ schnorr } from '@noble/curves/secp256k1.js'",
      source: `import { schnorr } from '@noble/curves/secp256k1.js';\n${SCHNORR_JOB}`,
    },
  },
  {
    id: 'ecc',
    curves: ['secp256k1'],
    sameJob: false,
    title: 'the tiny-secp256k1 interface (bitcoinjs-lib initEccLib, ecpair, bip32): every function',
    strata: {
      library: 'strata',
      imports: "* as ecc from '@strata/secp256k1-signatures/ecc'",
      source: `import * as ecc from '@strata/secp256k1-signatures/ecc';
export function eccLib() { return ecc; }`,
    },
    noble: {
      library: 'noble-curves',
      imports: "{ secp256k1, schnorr } from '@noble/curves/secp256k1.js'",
      note: "noble-curves has no tiny-secp256k1 interface: the same functions as thin calls into noble-curves (agreeing with tiny-secp256k1 on valid inputs), without tiny-secp256k1's input validation, error messages and edge-case results; a lower bound",
      source: `${NOBLE_ECC}`,
    },
  },
];

const SECP_JOB = `export function run(pub, k) {
  const P = secp256k1.pointFromBytes(pub);
  const s = new ModNScalar(); s.setBytesReduced(k);
  const Q = secp256k1.scalarBaseMult(s);
  return [secp256k1.pointToBytes(P), secp256k1.pointToBytes(Q)];
}`;
const ED_JOB = `export function run(pub, k) {
  const P = ed25519.Point.fromBytes(pub);
  const s = new Scalar25519(); s.setBytesReduced(k);
  return [ed25519.scalarMult(s, P).toBytes(), ed25519.scalarBaseMult(s).toBytes()];
}`;

/** The namespace-import / subpath-import pairs measured, in report order. */
export const IMPORT_FORMS: readonly ImportFormPair[] = [
  {
    id: 'secp256k1',
    title: 'secp256k1: parse a public key, secret k·G, encode (the secp256k1 use)',
    namespace: {
      imports: "* as secp256k1 from '@strata/curves/secp256k1'",
      source: `import * as secp256k1 from '@strata/curves/secp256k1';\nimport { ModNScalar } from '@strata/field';\n${SECP_JOB}`,
    },
    subpath: {
      imports: "{ pointFromBytes, pointToBytes, scalarBaseMult } from '@strata/curves/secp256k1'",
      source: `import { pointFromBytes, pointToBytes, scalarBaseMult } from '@strata/curves/secp256k1';\nimport { ModNScalar } from '@strata/field';\nconst secp256k1 = { pointFromBytes, pointToBytes, scalarBaseMult };\n${SECP_JOB}`,
    },
  },
  {
    id: 'ed25519',
    title: 'ed25519: decode a point, secret k·P and k·B, encode',
    namespace: {
      imports: "* as ed25519 from '@strata/curves/ed25519'",
      source: `import * as ed25519 from '@strata/curves/ed25519';\nimport { Scalar25519 } from '@strata/field';\n${ED_JOB}`,
    },
    subpath: {
      imports: "{ Point, scalarMult, scalarBaseMult } from '@strata/curves/ed25519'",
      source: `import { Point, scalarMult, scalarBaseMult } from '@strata/curves/ed25519';\nimport { Scalar25519 } from '@strata/field';\nconst ed25519 = { Point, scalarMult, scalarBaseMult };\n${ED_JOB}`,
    },
  },
];

/** The bundler options every entry is built with, as a line for the report. */
export const SIZE_TOOL_OPTIONS = 'bundle, platform browser, format esm, minify, tree-shaking on, no externals; Strata packages from their built dist/';

/** Where the committed gzip budgets live. */
export const BUDGET_FILE = path.join(PACKAGE_ROOT, 'size-budget.json');

/** The committed budgets: gzip bytes per Strata use id. */
export function readBudgets(file = BUDGET_FILE): Record<string, number> {
  const j = JSON.parse(readFileSync(file, 'utf8')) as { gzipBytes?: Record<string, number> };
  if (!j.gzipBytes || typeof j.gzipBytes !== 'object') throw new Error(`${file}: expected an object "gzipBytes", got ${JSON.stringify(j).slice(0, 80)}`);
  return j.gzipBytes;
}

/**
 * Whether `value` is over `limit` by more than floating-point noise (1050 / 1000 − 1 is
 * 0.050000000000000044: exactly at a 5 % target, not over it).
 */
export function overLimit(value: number, limit: number): boolean {
  return value > limit + 1e-9;
}

/** The committed targets (`targets` of size-budget.json): both numbers must be present and positive. */
export function readTargets(file = BUDGET_FILE): SizeTargets {
  const j = JSON.parse(readFileSync(file, 'utf8')) as { targets?: Partial<Record<keyof SizeTargets, unknown>> };
  const t = j.targets;
  const ok = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;
  if (!t || typeof t !== 'object' || !ok(t.maxNobleRatio) || !ok(t.maxNamespaceOverhead)) {
    throw new Error(`${file}: expected "targets": { "maxNobleRatio": number > 0, "maxNamespaceOverhead": number > 0 }, got ${JSON.stringify(t ?? null)}`);
  }
  return { maxNobleRatio: t.maxNobleRatio, maxNamespaceOverhead: t.maxNamespaceOverhead };
}

/** A target of size-budget.json not met yet: the figure when it was opened, a no-regression cap, why. */
export interface OpenTarget {
  readonly measured: number;
  readonly cap: number;
  readonly why: string;
}

/** The open (not yet met) targets of size-budget.json, by kind and use / pair id. */
export interface OpenTargets {
  readonly nobleRatio: Readonly<Record<string, OpenTarget>>;
  readonly namespaceOverhead: Readonly<Record<string, OpenTarget>>;
}

/**
 * The `open` section of size-budget.json: targets not met yet, each with a cap above its
 * measured figure. A missing section means no open target; a malformed entry is an error.
 */
export function readOpenTargets(file = BUDGET_FILE): OpenTargets {
  const j = JSON.parse(readFileSync(file, 'utf8')) as { open?: Record<string, unknown> };
  const section = (name: 'nobleRatio' | 'namespaceOverhead'): Record<string, OpenTarget> => {
    const raw = (j.open?.[name] ?? {}) as Record<string, unknown>;
    const out: Record<string, OpenTarget> = {};
    for (const [id, v] of Object.entries(raw)) {
      const e = v as Partial<OpenTarget> | null;
      const num = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x > 0;
      if (!e || !num(e.measured) || !num(e.cap) || e.cap < e.measured || typeof e.why !== 'string' || e.why.length === 0) {
        throw new Error(`${file}: open.${name}.${id}: expected { measured: number > 0, cap: number >= measured, why: string }, got ${JSON.stringify(v)}`);
      }
      out[id] = { measured: e.measured, cap: e.cap, why: e.why };
    }
    return out;
  };
  return { nobleRatio: section('nobleRatio'), namespaceOverhead: section('namespaceOverhead') };
}

/**
 * The verdict on one measured figure against its target and, when the target is open, its cap:
 * 'met'; 'open' (over the target, within the open cap); 'over' (over the target, not open);
 * 'regressed' (open, over its cap); 'met-but-open' (meets the target while still listed open:
 * delete the entry so the target is enforced).
 */
export function targetVerdict(value: number, limit: number, open: OpenTarget | undefined): 'met' | 'open' | 'over' | 'regressed' | 'met-but-open' {
  const over = overLimit(value, limit);
  if (open === undefined) return over ? 'over' : 'met';
  if (!over) return 'met-but-open';
  return overLimit(value, open.cap) ? 'regressed' : 'open';
}

/**
 * Every limit a size report breaks, one line each: a Strata entry that does not bundle or is
 * over its gzip budget, a same-job use over `maxNobleRatio` × noble's gzip (or whose noble entry
 * did not bundle, so the ratio is unknown), a namespace import more than `maxNamespaceOverhead`
 * over its subpath import (or a pair that did not bundle). Empty when every limit holds.
 * Works on the rows as recorded, so it can be run on a stored report.
 */
export function sizeViolations(rep: SizeReport, targets: SizeTargets | undefined = rep.targets, uses: readonly SizeUse[] = SIZE_USES): string[] {
  const out: string[] = [];
  for (const r of rep.rows) {
    if (r.library !== 'strata') continue;
    if (r.status === 'error') out.push(`${r.use}: the Strata entry does not bundle: ${r.error ?? ''}`);
    else if (r.budgetGzipBytes !== undefined && (r.gzipBytes as number) > r.budgetGzipBytes) {
      out.push(`${r.use}: ${r.gzipBytes} gzipped bytes, over the budget of ${r.budgetGzipBytes}`);
    }
  }
  if (!targets) return out;
  for (const u of uses) {
    if (!u.sameJob) continue;
    const s = rep.rows.find((r) => r.use === u.id && r.library === 'strata');
    const n = rep.rows.find((r) => r.use === u.id && r.library === 'noble-curves');
    if (!s || s.status !== 'ok') continue; // reported above, or not measured
    if (!n || n.status !== 'ok' || !n.gzipBytes) {
      if (n) out.push(`${u.id}: the noble-curves entry did not bundle, so the ratio target cannot be checked`);
      continue;
    }
    const q = (s.gzipBytes as number) / n.gzipBytes;
    if (overLimit(q, targets.maxNobleRatio)) {
      out.push(`${u.id}: ${s.gzipBytes} gzipped bytes = ${q.toFixed(2)}× noble-curves (${n.gzipBytes}), over the target of ${targets.maxNobleRatio}×`);
    }
  }
  for (const f of rep.forms ?? []) {
    if (f.status !== 'ok' || !f.namespace || !f.subpath) {
      out.push(`${f.id}: the namespace/subpath pair does not bundle: ${f.error ?? ''}`);
      continue;
    }
    const o = f.namespace.gzipBytes / f.subpath.gzipBytes - 1;
    if (overLimit(o, targets.maxNamespaceOverhead)) {
      out.push(
        `${f.id}: the namespace import is ${f.namespace.gzipBytes} gzipped bytes, ${(o * 100).toFixed(1)} % over the subpath import (${f.subpath.gzipBytes}); the target is ${(targets.maxNamespaceOverhead * 100).toFixed(0)} %`,
      );
    }
  }
  return out;
}

/**
 * The outcome of bundling one entry. `inputs`: the minified bytes each input module left in the
 * output (esbuild's metafile `bytesInOutput`), keyed by a short path (`curves/dist/secp256k1/point.js`,
 * `@noble/hashes/sha2.js`, `entry.js`), largest first; modules that left nothing are omitted.
 */
export type BundleResult = { ok: true; code: string; minBytes: number; gzipBytes: number; inputs: Record<string, number> } | { ok: false; error: string };

/** A metafile input path as a short key: `../packages/curves/dist/x.js` → `curves/dist/x.js`, `…/node_modules/@noble/hashes/sha2.js` → `@noble/hashes/sha2.js`. */
export function shortInputPath(p: string): string {
  const nm = p.lastIndexOf('node_modules/');
  if (nm >= 0) return p.slice(nm + 'node_modules/'.length);
  const pk = p.lastIndexOf('packages/');
  if (pk >= 0) return p.slice(pk + 'packages/'.length);
  return p.replace(/^<stdin>$/, 'entry.js');
}

/** The `n` largest modules of a bundle (by minified bytes in the output), as `[path, bytes]`. */
export function largestInputs(inputs: Record<string, number>, n = 6): [string, number][] {
  return Object.entries(inputs)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
}

/**
 * Bundles `source` (an ESM entry whose imports resolve from `resolveDir`, default the benchmarks
 * package) for the browser, minified, and returns the code and its sizes, or the esbuild error.
 */
export async function bundleEntry(source: string, resolveDir = PACKAGE_ROOT, entryFile?: string): Promise<BundleResult> {
  const esbuild = await import('esbuild');
  try {
    const out = await esbuild.build({
      ...(entryFile ? { entryPoints: [entryFile] } : { stdin: { contents: source, resolveDir, loader: 'js', sourcefile: 'entry.js' } }),
      bundle: true,
      platform: 'browser',
      format: 'esm',
      minify: true,
      treeShaking: true,
      write: false,
      logLevel: 'silent',
      legalComments: 'none',
      target: 'es2022',
      metafile: true,
      outfile: 'entry.out.js',
    });
    const file = out.outputFiles[0];
    if (!file) return { ok: false, error: 'esbuild produced no output' };
    const code = file.text;
    const bytes = Buffer.from(file.contents);
    const inputs: Record<string, number> = {};
    for (const o of Object.values(out.metafile?.outputs ?? {})) {
      for (const [k, v] of Object.entries(o.inputs)) if (v.bytesInOutput > 0) inputs[shortInputPath(k)] = (inputs[shortInputPath(k)] ?? 0) + v.bytesInOutput;
    }
    return { ok: true, code, minBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length, inputs: Object.fromEntries(largestInputs(inputs, Infinity)) };
  } catch (e) {
    const errors = (e as { errors?: { text: string; location?: { file: string } | null }[] }).errors;
    if (errors && errors.length > 0) {
      const first = errors.slice(0, 3).map((x) => (x.location ? `${x.location.file}: ${x.text}` : x.text));
      return { ok: false, error: `${errors.length} esbuild error${errors.length === 1 ? '' : 's'}: ${first.join('; ')}${errors.length > 3 ? '; …' : ''}` };
    }
    return { ok: false, error: e instanceof Error ? e.message.split('\n')[0]! : String(e) };
  }
}

/**
 * Measures every use (or those in `ids`) for Strata and noble-curves; Strata rows carry their
 * budget from `size-budget.json` when the file has one for the use.
 */
export async function measureSizes(ids?: readonly string[]): Promise<SizeReport> {
  const esbuild = await import('esbuild');
  let budgets: Record<string, number> = {};
  try {
    budgets = readBudgets();
  } catch {
    /* no budgets: rows without a budget column */
  }
  let targets: SizeTargets | undefined;
  try {
    targets = readTargets();
  } catch {
    /* no targets: rows without the target columns */
  }
  const rows: SizeRow[] = [];
  for (const u of SIZE_USES) {
    if (ids && !ids.includes(u.id)) continue;
    const built: BundleResult[] = [];
    for (const b of [u.strata, u.noble]) built.push(await bundleEntry(b.source));
    const [rs, rn] = built as [BundleResult, BundleResult];
    for (const [b, r] of [[u.strata, rs], [u.noble, rn]] as const) {
      const base = { use: u.id, title: u.title, library: b.library, imports: b.imports, ...(b.note ? { note: b.note } : {}) };
      const budget = b.library === 'strata' ? budgets[u.id] : undefined;
      const unused = b.library === 'strata' && r.ok ? { unusedCurves: curvesIn(r.code).filter((c) => !u.curves.includes(c)) } : {};
      const withBudget = budget !== undefined ? { budgetGzipBytes: budget } : {};
      const q = b.library === 'strata' && u.sameJob && rs.ok && rn.ok ? rs.gzipBytes / rn.gzipBytes : undefined;
      const ratio = q !== undefined ? { nobleRatio: q, ...(targets ? { withinNobleTarget: !overLimit(q, targets.maxNobleRatio) } : {}) } : {};
      rows.push(
        r.ok
          ? { ...base, status: 'ok', minBytes: r.minBytes, gzipBytes: r.gzipBytes, ...withBudget, ...(budget !== undefined ? { withinBudget: r.gzipBytes <= budget } : {}), ...unused, ...ratio, largest: largestInputs(r.inputs) }
          : { ...base, status: 'error', error: r.error, ...withBudget, ...(budget !== undefined ? { withinBudget: false } : {}) },
      );
    }
  }
  const forms: ImportFormRow[] = [];
  for (const f of IMPORT_FORMS) {
    if (ids && !ids.includes(f.id)) continue;
    forms.push(await measureForm(f, targets));
  }
  return { tool: `esbuild ${esbuild.version}: ${SIZE_TOOL_OPTIONS}`, compression: 'gzip level 9 (node:zlib)', rows, forms, ...(targets ? { targets } : {}) };
}

/** Bundles both import forms of one pair and compares them. */
export async function measureForm(f: ImportFormPair, targets?: SizeTargets): Promise<ImportFormRow> {
  const ns = await bundleEntry(f.namespace.source);
  const sub = await bundleEntry(f.subpath.source);
  const base = { id: f.id, title: f.title, namespaceImports: f.namespace.imports, subpathImports: f.subpath.imports };
  if (!ns.ok || !sub.ok) {
    const error = [!ns.ok ? `namespace: ${ns.error}` : '', !sub.ok ? `subpath: ${sub.error}` : ''].filter(Boolean).join('; ');
    return { ...base, status: 'error', error, ...(targets ? { withinTarget: false } : {}) };
  }
  const gzipOverhead = ns.gzipBytes / sub.gzipBytes - 1;
  return {
    ...base,
    status: 'ok',
    namespace: { minBytes: ns.minBytes, gzipBytes: ns.gzipBytes },
    subpath: { minBytes: sub.minBytes, gzipBytes: sub.gzipBytes },
    gzipOverhead,
    minOverhead: ns.minBytes / sub.minBytes - 1,
    ...(targets ? { withinTarget: !overLimit(gzipOverhead, targets.maxNamespaceOverhead) } : {}),
  };
}
