/**
 * The secp256k1 backend seam (issue 23): one interface, two implementations
 * (docs/architecture.md, "Two engines"), as for ed25519 (src/ed25519/backend.ts).
 *
 * - The TypeScript implementation: the `ts*` functions beside the public
 *   functions they serve (pubkey.ts, ecmult.ts, consttime.ts, msm.ts),
 *   gathered as one object in backend-ts.ts.
 * - The WebAssembly implementation: `wasmSecp256k1Backend(kernels)` in
 *   wasm.ts, the bridge bound to one engine instance's kernels.
 *
 * The engine selection (src/engine/state.ts) holds the WebAssembly object
 * while that engine serves; `secp256k1Backend()` returns it, or null when
 * the TypeScript engine serves. A public function checks its arguments
 * (the same errors on both engines), then calls `be.op(...)` on the
 * selected object, or the TypeScript function `tsOp(...)` directly when it
 * is null: an object keeps every method in a bundle, so a default object of
 * TypeScript operations would put all of them into a bundle that uses a few
 * (the measurement is in src/ed25519/backend.ts).
 *
 * Adding an operation to the engine touches this interface, its two
 * implementations (the `ts*` function and the wasm.ts method) and the
 * public function that calls it. Arguments are the checked inputs: scalars
 * as ModNScalar, points and tables as the structural types below (this file
 * imports no curve module, so nothing cycles). Results go to `out`.
 */
import type { FieldVal, ModNScalar } from '@strata/field';

/** The coordinates of a Jacobian point (structural: no import of point.ts; a backend is handed the JacobianPoint the public function checked). */
export interface JacobianCoords {
  readonly x: FieldVal;
  readonly y: FieldVal;
  readonly z: FieldVal;
}

/** The table form the backends read: the record of a PublicPointTable (ecmult.ts PublicTableData), never changed once built. */
export interface FlatTable {
  readonly limbs: Uint32Array;
  readonly infinity: boolean;
  readonly width: number;
  readonly pieces: number;
  readonly pieceDigits: number;
}

/** The record of a finite point's SecretPointTable as a backend reads it (consttime.ts SecretTableData): 832 entries x, y of 20 limbs. */
export interface SecretTableLike {
  readonly limbs: Uint32Array;
}

/** A variable-time operand: a point or the record of its PublicPointTable. */
export type Operand = JacobianCoords | FlatTable;

/**
 * One secp256k1 engine: every operation the public functions of
 * src/secp256k1/ dispatch, after their checks.
 */
export interface Secp256k1Backend {
  /**
   * Decodes a key whose length (33 or 65) and prefix the caller has
   * checked: returns a SECP256K1_PARSE status (engine/secp256k1-abi.ts); on
   * OK, out = (x, y, 1), otherwise out is unchanged.
   */
  pointFromBytes(bytes: Uint8Array, out: JacobianCoords): number;
  /** Sets out = the root of x³ + 7 with parity `odd` (normalized) and returns true, or returns false when x has no point. */
  decompressY(x: FieldVal, odd: boolean, out: FieldVal): boolean;
  /** Sets out = the affine form (X/Z², Y/Z³, 1), normalized, of the finite point P (Z ≠ 0, Z ≠ 1); constant time. */
  toAffine(P: JacobianCoords, out: JacobianCoords): void;
  /** out = k·G (variable time). */
  scalarBaseMultNonConst(k: ModNScalar, out: JacobianCoords): void;
  /** out = k·P for a point or its table (variable time). */
  scalarMultNonConst(k: ModNScalar, P: Operand, out: JacobianCoords): void;
  /** out = a·A + b·G (variable time); `gPieces(t)` returns G's width-8 table in t pieces (ecmult.ts builds it on first use). */
  doubleScalarMultBaseNonConst(a: ModNScalar, A: Operand, b: ModNScalar, gPieces: (t: number) => FlatTable, out: JacobianCoords): void;
  /** out = a·A + b·B (variable time). */
  doubleScalarMultNonConst(a: ModNScalar, A: Operand, b: ModNScalar, B: Operand, out: JacobianCoords): void;
  /**
   * out = Σ scalars[live[t]]·points[live[t]] over the m ≥ 2 live pairs
   * (finite points, non-zero scalars): Straus when `straus`, else Pippenger
   * with window c (the caller's when `forced`, else the cost model's, which
   * a backend may change when it splits the sum into chunks).
   */
  msmNonConst(points: readonly JacobianCoords[], scalars: readonly ModNScalar[], live: Int32Array, m: number, straus: boolean, c: number, forced: boolean, out: JacobianCoords): void;
  /**
   * Returns the limbs of the PublicPointTable of each point (an empty array
   * for the identity): 2^(width−2) odd multiples per piece, t pieces, each
   * entry x, y, β·x, affine; entry 0 is the point itself.
   */
  buildPublicTables(points: readonly JacobianCoords[], width: number, t: number): Uint32Array[];
  /** out = k·G for a SECRET k (constant time). */
  scalarBaseMult(k: ModNScalar, out: JacobianCoords): void;
  /** out = k·P for a SECRET k and a finite P (constant time). */
  scalarMult(k: ModNScalar, P: JacobianCoords, out: JacobianCoords): void;
  /** out = k·P for a SECRET k from the record of a finite P's SecretPointTable (constant time). */
  scalarMultTable(k: ModNScalar, table: SecretTableLike, out: JacobianCoords): void;
  /** Returns the limbs of the SecretPointTable of the finite point P and sets affine = P in affine form (Z = 1, normalized). */
  buildSecretTable(P: JacobianCoords, affine: JacobianCoords): Uint32Array;
}
