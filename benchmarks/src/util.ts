/**
 * Small helpers shared by the suites and adapters: deterministic inputs, byte/BigInt
 * conversion, and safe loading of optional Strata exports.
 */
import os from 'node:os';
import { sha256 } from '@noble/hashes/sha2.js';

/** Returns 32 deterministic pseudo-random bytes for (label, i): SHA-256(label ‖ i). */
export function detBytes(label: string, i: number, length = 32): Uint8Array {
  const out = new Uint8Array(length);
  let off = 0;
  for (let block = 0; off < length; block++) {
    const h = sha256(new TextEncoder().encode(`${label}/${i}/${block}`));
    out.set(h.subarray(0, Math.min(32, length - off)), off);
    off += 32;
  }
  return out;
}

/** Big-endian bytes → BigInt. */
export function bytesToBigBE(b: Uint8Array): bigint {
  let x = 0n;
  for (const v of b) x = (x << 8n) | BigInt(v);
  return x;
}

/** BigInt → big-endian bytes of the given length. */
export function bigToBytesBE(x: bigint, length = 32): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = length - 1; i >= 0; i--) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return out;
}

/** BigInt → little-endian bytes of the given length. */
export function bigToBytesLE(x: bigint, length = 32): Uint8Array {
  return bigToBytesBE(x, length).reverse();
}

/** Returns a deterministic value in [1, m) for (label, i). */
export function detBelow(label: string, i: number, m: bigint): bigint {
  const x = bytesToBigBE(detBytes(label, i, 48)) % (m - 1n);
  return x + 1n;
}

/** Returns a function cycling through `items` (a fresh input each call, no allocation). */
export function cycle<T>(items: readonly T[]): () => T {
  let i = 0;
  const n = items.length;
  return () => {
    const v = items[i] as T;
    i = i + 1 === n ? 0 : i + 1;
    return v;
  };
}

/** Bytes → lowercase hex (portable: also runs in the browser bundle). */
export function toHex(b: Uint8Array): string {
  let s = '';
  for (const x of b) s += (x < 16 ? '0' : '') + x.toString(16);
  return s;
}

/** Lowercase or uppercase hex → bytes (portable). */
export function fromHex(h: string): Uint8Array {
  const out = new Uint8Array(h.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** True when running in Node (false in the browser bundle of `pnpm bench --browser`). */
export function isNode(): boolean {
  return typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node === 'string';
}

/** Logical CPUs: Node's availableParallelism, or navigator.hardwareConcurrency in a browser. */
export function cpuCount(): number {
  if (isNode()) return os.availableParallelism?.() ?? os.cpus().length;
  return (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1;
}

/** Loose view of a module namespace or object, for feature-detecting APIs that may not exist yet. */
export type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * An error meaning "this backend needs a Node-only API (native addon, node:crypto, worker
 * threads) and the platform does not have it" (name `NodeOnlyError`; the browser bundle's stubs of
 * Node built-ins throw it too). The runner reports such a row as unavailable, not as an error.
 */
export function nodeOnly(message: string): Error {
  const e = new Error(message);
  e.name = 'NodeOnlyError';
  return e;
}

/** Returns true for an error made by {@link nodeOnly} (or a stub of a Node built-in). */
export function isNodeOnly(e: unknown): boolean {
  return e instanceof Error && e.name === 'NodeOnlyError';
}

/** Thrown by {@link need} when a Strata export or method is missing; the runner reports it as "unavailable". */
export class MissingApi extends Error {}

/** Returns `obj[name]` or throws MissingApi naming what is missing. */
export function need(obj: Loose | undefined, name: string, where: string): any { // eslint-disable-line @typescript-eslint/no-explicit-any
  const v = obj?.[name];
  if (v === undefined || v === null) throw new MissingApi(`${where}.${name} is not exported yet`);
  return v;
}

/** Returns the first of `names` that `obj` has as a function, or throws MissingApi. */
export function method(obj: Loose | undefined, names: readonly string[], where: string): string {
  for (const n of names) if (typeof obj?.[n] === 'function') return n;
  throw new MissingApi(`${where} has none of ${names.join(' / ')}`);
}

/**
 * The Strata packages as literal dynamic imports, so a bundler (the browser run's esbuild) can
 * see and bundle them; in Node this is the same as `import(spec)`.
 */
const STRATA_IMPORTS: Readonly<Record<string, () => Promise<unknown>>> = {
  '@strata/field': () => import('@strata/field'),
  '@strata/field/alternatives': () => import('@strata/field/alternatives'),
  '@strata/curves': () => import('@strata/curves'),
  '@strata/curves/secp256k1': () => import('@strata/curves/secp256k1'),
  '@strata/curves/ed25519': () => import('@strata/curves/ed25519'),
  '@strata/curves/edwards': () => import('@strata/curves/edwards'),
  '@strata/ed25519-batch': () => import('@strata/ed25519-batch'),
  '@strata/ed25519-batch/parallel': () => import('@strata/ed25519-batch/parallel'),
  '@strata/group': () => import('@strata/group'),
  '@strata/dleq': () => import('@strata/dleq'),
  '@strata/ring': () => import('@strata/ring'),
};

/** Imports a module by name; returns its namespace or throws with a short reason. */
export async function importLoose(spec: string): Promise<Loose> {
  try {
    const known = STRATA_IMPORTS[spec];
    return (await (known ? known() : import(spec))) as Loose;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (spec.startsWith('@strata/') && (code === 'ERR_MODULE_NOT_FOUND' || code === 'ERR_PACKAGE_PATH_NOT_EXPORTED')) {
      throw new MissingApi(`${spec} is not built (${code}); run the build first (pnpm build, or pnpm bench which builds)`);
    }
    throw e;
  }
}

/**
 * `@strata/curves` as one object: the root (the engine switch, the errors) and the curve
 * subpaths `secp256k1`, `ed25519` and `edwards` under those names, each a namespace.
 */
export async function importCurves(): Promise<Loose> {
  const [root, secp256k1, ed25519, edwards] = await Promise.all([
    importLoose('@strata/curves'),
    importLoose('@strata/curves/secp256k1'),
    importLoose('@strata/curves/ed25519'),
    importLoose('@strata/curves/edwards'),
  ]);
  return { ...root, secp256k1, ed25519, edwards } as Loose;
}

/**
 * Wraps a per-op case builder: if building throws (missing API, failing setup) the op
 * becomes `{ unavailable: reason }` instead of failing the whole backend.
 */
export function tryCase<T>(build: () => T): T | { unavailable: string } {
  try {
    return build();
  } catch (e) {
    return { unavailable: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Thrown by an agreement check when a peer's answer differs from Strata's on the same input; the
 * runner reports the row as an error with this message instead of timing the peer.
 */
export class Disagreement extends Error {}

function show(v: unknown): string {
  if (v instanceof Uint8Array) return toHex(v);
  if (typeof v === 'bigint') return `0x${v.toString(16)}`;
  if (Array.isArray(v)) return `[${v.map(show).join(', ')}]`;
  return String(v);
}

/**
 * Agreement check: returns true when `got` equals `want` (bytes, bigints, booleans, strings, or
 * arrays of them), else throws {@link Disagreement} "disagrees with Strata on <what>: expected
 * <want>, got <got>".
 */
export function agree(what: string, got: unknown, want: unknown): true {
  if (show(got) !== show(want)) throw new Disagreement(`disagrees with Strata on ${what}: expected ${show(want)}, got ${show(got)}`);
  return true;
}
