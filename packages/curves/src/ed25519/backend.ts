/**
 * The ed25519 backend seam (issue 23): one interface, two implementations
 * (docs/architecture.md, "Two engines").
 *
 * - The TypeScript implementation: the `ts*` functions beside the public
 *   functions they serve (point.ts, batch.ts, scalarmult.ts, msm.ts,
 *   tables.ts), gathered as one object in backend-ts.ts.
 * - The WebAssembly implementation: `wasmEd25519Backend(kernels)` in
 *   wasm.ts, the bridge bound to one engine instance's kernels.
 *
 * The engine selection (src/engine/state.ts) holds the WebAssembly object
 * while that engine serves; `ed25519Backend()` returns it, or null when the
 * TypeScript engine serves. A public function checks its arguments (the
 * same errors on both engines), then calls `b.op(...)` on the selected
 * object, or the TypeScript function `tsOp(...)` directly when it is null.
 * The direct call is what keeps bundles small: a bundler keeps every method
 * of an object it keeps, so a default object holding all the TypeScript
 * operations (backend-ts.ts) would put all of them into a bundle that uses
 * a few: measured with benchmarks/src/size.ts on 2026-12-07, the
 * ed25519-verify use grows from 18 775 to 20 879 B gzip with it, over its
 * 20 600 B budget. The WebAssembly object lives in modules that only
 * `engine` imports (state.ts).
 *
 * Adding an operation to the engine touches this interface, its two
 * implementations (the `ts*` function and the wasm.ts method) and the
 * public function that calls it. Arguments are the checked inputs: scalars
 * as 32 little-endian bytes, points and tables as the structural types
 * below (this file imports no curve module, so nothing cycles).
 */
import type { Fe25519 } from '@strata/field';
import type { AKind, CKind } from '../engine/ed25519-abi.js';

/** The four coordinates of an extended point (structural: no import of point.ts). */
export interface ExtCoords {
  readonly X: Fe25519;
  readonly Y: Fe25519;
  readonly Z: Fe25519;
  readonly T: Fe25519;
}

/** The cached-entry fields of a WnafTable entry (structural). */
export interface CachedEntry {
  readonly yPlusX: Fe25519;
  readonly yMinusX: Fe25519;
  readonly z2: Fe25519;
  readonly t2d: Fe25519;
}

/** A WnafTable as a backend reads it (structural). */
export interface WnafLike {
  readonly width: number;
  readonly entries: readonly CachedEntry[];
}

/** A PublicPointTable's record as a backend reads it (structural). */
export interface PiecedLike {
  readonly width: number;
  readonly pieces: number;
  readonly limbs: Float64Array;
}

/** A SecretPointTable's record as a backend reads it (structural): rows × 8 Niels entries of 45 doubles. */
export interface CombLike {
  readonly rowCount: number;
  readonly entries: Float64Array;
}

/**
 * One SHA-512 computation in flight (Ed25519's H, [RFC8032] §5.1): bytes in
 * by `update` (any lengths, any number of calls), then one `digest`.
 */
export interface Sha512Hasher {
  /** Absorbs data (copied at once: the caller may change it afterwards). */
  update(data: Uint8Array): void;
  /** Writes the 64-byte digest to out[off … off + 64) (the caller checked the room); the hasher is spent. */
  digest(out: Uint8Array, off: number): void;
}

/** A variable-time operand: a point, a WnafTable or a PublicPointTable record, tagged by `kind`. */
export type Operand = ExtCoords | WnafLike | PiecedLike;

/**
 * One ed25519 engine: every operation the public functions of
 * src/ed25519/ dispatch, after their checks. Results go to `out` (or `p`).
 */
export interface Ed25519Backend {
  /** Decodes b[off … off + 32) into p (ZIP-215 rules when zip215); returns 0 or a DEC_* code (encoding.ts), p unchanged on non-zero. */
  decode(b: Uint8Array, off: number, zip215: boolean, p: ExtCoords): number;
  /** Writes the canonical encoding of p into out[off … off + 32). */
  encode(p: ExtCoords, out: Uint8Array, off: number): void;
  /** Writes the encodings of all points back to back from out[off]; false when this backend leaves it to the caller. */
  encodeBatch(points: readonly ExtCoords[], out: Uint8Array, off: number): boolean;
  /** Whether ℓ·P = O. */
  isTorsionFree(P: ExtCoords): boolean;
  /** out = a·A (variable time). */
  scalarMultNonConst(a: Uint8Array, kind: AKind, A: Operand, out: ExtCoords): void;
  /** out = k·B for k < ℓ (variable time). */
  scalarBaseMultNonConst(kb: Uint8Array, out: ExtCoords): void;
  /** out = a·A + b·B (variable time). */
  doubleScalarMultBase(a: Uint8Array, kind: AKind, A: Operand, b: Uint8Array, out: ExtCoords): void;
  /** Whether [8]([k]·A' + [S]·B − R) = O, the cofactored verification equation with A' = −A (variable time; k, S < ℓ). */
  cofactoredEquation(k: Uint8Array, A: ExtCoords, S: Uint8Array, R: ExtCoords): boolean;
  /** out = a·A + b·C (variable time); C may also be a split point (kind C_SPLIT: its pieces, see `split`). */
  doubleScalarMult(a: Uint8Array, kindA: AKind, A: Operand, b: Uint8Array, kindC: CKind, C: Operand | readonly ExtCoords[], out: ExtCoords): void;
  /** Sets out[j] = 2^(b·j)·P for j < t, b = ⌈257/t⌉, 1 ≤ t ≤ 8 (variable time). */
  split(P: ExtCoords, t: number, out: readonly ExtCoords[]): void;
  /** out = k·B for a SECRET k < ℓ (constant time). */
  scalarBaseMult(kb: Uint8Array, out: ExtCoords): void;
  /** Writes the encoding of k·B for a SECRET k < ℓ to out[off … off + 32) (constant time; the point stays inside the backend). */
  scalarBaseMultToBytes(kb: Uint8Array, out: Uint8Array, off: number): void;
  /** out = k·P over P's comb (`rows` 32 for k < ℓ, 33 for a 256-bit integer; constant time). */
  scalarMultTable(kb: Uint8Array, table: CombLike, rows: number, out: ExtCoords): void;
  /** out = k·P for a SECRET 256-bit k (constant time). */
  scalarMult(kb: Uint8Array, P: ExtCoords, out: ExtCoords): void;
  /**
   * out = Σ k_i·P_i over the first n points, scalars 32 bytes each in `bytes` (Straus, or Pippenger
   * with window c; windowForced: the caller chose c, else a backend with another bucket kernel may
   * choose its own). The points are objects, or packed in one Float64Array: X, Y, Z, T of point i
   * (15 limbs each, as `Fe25519.l`) at [60·i, 60·i + 60), the WebAssembly engine's staging layout,
   * which it copies in as they are (the form a parallel MSM's chunk travels in).
   */
  msm(points: readonly ExtCoords[] | Float64Array, n: number, bytes: Uint8Array, straus: boolean, c: number, maxBits: number, out: ExtCoords, windowForced?: boolean): void;
  /** A new SHA-512 hasher (FIPS 180-4): @noble/hashes' on the TypeScript engine, the engine's own on WebAssembly. */
  sha512(): Sha512Hasher;
  /**
   * Writes SHA3-256 (rate 136, dlen 32) or SHA3-512 (rate 72, dlen 64) of
   * data to out[off … off + dlen) (the caller checked the room). The
   * engine's hash kernels serve every curve; they sit behind this backend
   * with SHA-512.
   */
  sha3(data: Uint8Array, rate: 136 | 72, dlen: 32 | 64, out: Uint8Array, off: number): void;
  /** The pieced variable-time table of P (width w, t pieces): its flat Niels limbs, passed to `make`. */
  buildPieced<T extends PiecedLike>(P: ExtCoords, w: number, t: number, make: (limbs: Float64Array) => T): T;
}
