/**
 * The engine selection: the one piece of module state in @strata/curves
 * besides scratch buffers and constant tables (docs/architecture.md). Every
 * served operation reads it once per call, through its curve's backend
 * accessor (`secp256k1Backend()`, `ed25519Backend()`, `edwardsBackend()`):
 * null means the TypeScript engine, and the public function then calls the
 * TypeScript implementation directly (src/ed25519/backend.ts says why).
 *
 * The selected engine carries one backend object per curve, built once per
 * load from the kernels by the WebAssembly bridges (src/secp256k1/wasm.ts,
 * src/ed25519/wasm.ts, src/edwards/wasm.ts): only src/engine/index.ts imports the bridges, so an
 * app that never imports `engine` bundles neither them nor the module
 * (measured with benchmarks/src/size.ts: 6.8 KB of minified bridge code
 * left every secp256k1 namespace bundle, 4.3 KB every ed25519 verify
 * bundle). The curve modules reach a backend through this module only
 * (type-only imports), and only src/engine/ and the backend and bridge
 * files touch the kernels (scripts/check-layers.mjs enforces it).
 *
 * One guard rides on that read: an operation that runs on the TypeScript
 * engine while `engine.initWasm()` is still loading is almost always an
 * `await` forgotten on the init (the code meant to run on WebAssembly). The
 * first such operation prints one `console.warn` per realm, outside
 * production builds (`process.env.NODE_ENV === 'production'` silences it).
 * The cost on the hot path is one null test when the TypeScript engine serves.
 * The warning itself (its text, the production test) lives in
 * src/engine/index.ts, which hands it over with the load ({@link setLoading}):
 * a load can only be in flight in an app that imports `engine`, so an app
 * that does not bundles neither the text nor the check (270 B gzip).
 */
import type { Ed25519Backend } from '../ed25519/backend.js';
import type { Secp256k1Backend } from '../secp256k1/backend.js';
import type { EdwardsBackend } from '../edwards/backend.js';

/**
 * The WebAssembly engine as the curve modules call it: one backend per
 * curve, the bridges bound to one instance's kernels (which no curve
 * module reaches otherwise).
 */
export interface WasmEngine {
  readonly secp256k1: Secp256k1Backend;
  readonly ed25519: Ed25519Backend;
  /** The generic Edwards curves' backend (src/edwards/wasm.ts). */
  readonly edwards: EdwardsBackend;
}

let active: WasmEngine | null = null;
/**
 * The unawaited-init guard while an `initWasm()` load is in flight and no
 * engine was chosen since it started (set by src/engine/index.ts with the
 * load); null otherwise.
 */
let unawaited: (() => void) | null = null;

/**
 * The selected secp256k1 backend (src/secp256k1/backend.ts): the
 * WebAssembly one, or null when the TypeScript engine serves (the public
 * functions then call the TypeScript implementation directly). Prints the
 * unawaited-init warning (module doc) on a TypeScript-engine read during a load.
 */
export function secp256k1Backend(): Secp256k1Backend | null {
  if (active === null) {
    if (unawaited !== null) unawaited();
    return null;
  }
  return active.secp256k1;
}

/** The selected ed25519 backend (src/ed25519/backend.ts), or null; same guard as {@link secp256k1Backend}. */
export function ed25519Backend(): Ed25519Backend | null {
  if (active === null) {
    if (unawaited !== null) unawaited();
    return null;
  }
  return active.ed25519;
}

/** The selected generic Edwards backend (src/edwards/backend.ts), or null; same guard as {@link secp256k1Backend}. */
export function edwardsBackend(): EdwardsBackend | null {
  if (active === null) {
    if (unawaited !== null) unawaited();
    return null;
  }
  return active.edwards;
}

/** The active engine without the unawaited-init guard (for the engine's own status calls). */
export function selectedEngine(): WasmEngine | null {
  return active;
}

/** Sets the active engine (null: TypeScript). Internal: the public switch is engine.useEngine. */
export function setWasmEngine(k: WasmEngine | null): void {
  active = k;
  unawaited = null;
}

/**
 * Marks an asynchronous load as started, with the guard that a
 * TypeScript-engine operation calls until it settles (src/engine/index.ts
 * warnUnawaited), or as settled (null).
 */
export function setLoading(guard: (() => void) | null): void {
  unawaited = guard;
}

/** Whether an asynchronous load is in flight (`engineInfo().loading`). */
export function isLoading(): boolean {
  return unawaited !== null;
}
