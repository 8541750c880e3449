/**
 * The ed25519 kernels' exports (wasm/ed25519/index.ts; memory map in
 * wasm/ed25519/layout.ts). Offsets are byte offsets into the engine memory;
 * the bridge is src/ed25519/wasm.ts.
 */
/** The ed25519 ABI version this bridge speaks (wasm/ed25519/index.ts ED25519_ABI); src/ed25519/wasm.ts refuses another. */
export const ED25519_ABI = 6;

/**
 * What operand A of a bridge call is: a point (a width-5 table is built in the kernel), a
 * WnafTable, a PublicPointTable. Here (not in the bridge) because src/ed25519/scalarmult.ts
 * picks the kind without importing the bridge.
 */
export const A_POINT = 0;
export const A_WNAF = 1;
export const A_PIECED = 2;
export type AKind = typeof A_POINT | typeof A_WNAF | typeof A_PIECED;
/**
 * A further kind for operand C of doubleScalarMult only: a split point, the
 * pieces 2^(b·j)·P (j < t, b = ⌈257/t⌉) of `splitNonConst`, whose width-5
 * tables the kernel builds per call.
 */
export const C_SPLIT = 3;
/** What operand C of doubleScalarMult is: an operand A kind, or a split point. */
export type CKind = AKind | typeof C_SPLIT;

interface Global {
  readonly value: number;
}

export interface Ed25519Exports {
  readonly ED25519_ABI: Global;
  /** 32-byte encoding in / out. */
  readonly ED25519_IO_BYTES: Global;
  /** 32-byte little-endian scalars a and b. */
  readonly ED25519_IO_SCALAR_A: Global;
  readonly ED25519_IO_SCALAR_B: Global;
  /** A point out / in: X, Y, Z, T as 4 × 15 doubles (the TypeScript Fe25519 limbs). */
  readonly ED25519_IO_OUT: Global;
  readonly ED25519_IO_IN: Global;
  /** A second input point (operand C of ed25519DoubleScalarMult). */
  readonly ED25519_IO_IN2: Global;
  /** Staging doubles for tables and MSM points (ED25519_STAGE_POINTS points of 60 doubles). */
  readonly ED25519_STAGE: Global;
  readonly ED25519_STAGE_POINTS: Global;
  /** Most cached entries of a WnafTable / Niels entries of a PublicPointTable the region holds. */
  readonly ED25519_A_TABLE_MAX: Global;
  readonly ED25519_KEY_TABLE_MAX: Global;
  /** MSM scalars (32 bytes each) and the most pairs per chunk. */
  readonly ED25519_MSM_SCALARS: Global;
  readonly ED25519_MSM_MAX: Global;
  /** Where ed25519EncodeBatch writes (32 bytes per point). */
  readonly ED25519_ENCODED: Global;
  /** i32 flag: 1 while the second key table holds what the bridge put there (kernels that use the MSM scratch clear it). */
  readonly ED25519_KEY2_VALID: Global;
  /** Decodes ED25519_IO_BYTES; 0 (point at ED25519_IO_OUT) or a rejection code 1–3. */
  ed25519Decode(zip215: number): number;
  /** Converts n ≤ 64 staged cached entries (60 doubles each) into the A table (slot 0) or the C table (slot 1). */
  ed25519LoadCachedTable(n: number, slot: number): void;
  /** Converts n staged Niels entries (45 doubles each) into the key table (slot 0) or the second key table (slot 1). */
  ed25519LoadNielsTable(n: number, slot: number): void;
  /** Byte offset of the key table (30 i32 per Niels entry). */
  ed25519KeyTableAt(): number;
  /** Byte offset of the second key table (operand C of ed25519DoubleScalarMult). */
  ed25519KeyTable2At(): number;
  /** ED25519_IO_OUT = a·A + b·B; mode 0: A at ED25519_IO_IN, 1: A table (width w), 2: key table (w, t). */
  ed25519DoubleScalarMultBase(mode: number, w: number, t: number): void;
  /** ED25519_IO_OUT = a·A, modes as above. */
  ed25519ScalarMultNonConst(mode: number, w: number, t: number): void;
  /** Converts n staged points into the MSM slots start …. */
  ed25519MsmLoad(start: number, n: number): void;
  /** Runs a chunk of n pairs (algo 0 Straus, 1 Pippenger, window c); accumulate 1 adds to the total. */
  ed25519MsmChunk(n: number, algo: number, c: number, maxBits: number, accumulate: number): void;
  /** The batch-affine kernel's scalars (32 bytes each), most pairs per chunk, largest window. */
  readonly ED25519_AMSM_SCALARS: Global;
  readonly ED25519_AMSM_MAX: Global;
  readonly ED25519_AMSM_MAX_WINDOW: Global;
  /** Maps n staged points to the batch-affine kernel's slots start … (a chunk's loads start at 0). */
  ed25519AmsmLoad(start: number, n: number): void;
  /** Runs a chunk of n pairs by the batch-affine kernel (window c); accumulate 1 adds to the total. */
  ed25519AmsmChunk(n: number, c: number, maxBits: number, accumulate: number): void;
  /** Writes the MSM total to ED25519_IO_OUT. */
  ed25519MsmResult(): void;
  /** Constant time: ED25519_IO_OUT = k·B (k reduced, at ED25519_IO_SCALAR_A; wiped). */
  ed25519ScalarBaseMult(): void;
  /** Constant time: ED25519_IO_BYTES = the encoding of k·B (k reduced, at ED25519_IO_SCALAR_A; wiped). */
  ed25519ScalarBaseMultToBytes(): void;
  /** Constant time: ED25519_IO_OUT = k·P, P at ED25519_IO_IN (k wiped). */
  ed25519ScalarMult(): void;
  /** Converts rows × 8 staged comb entries into the key table slot. */
  ed25519LoadCombTable(rows: number): void;
  /** Constant time: ED25519_IO_OUT = k·P over the loaded comb (rows 32 or 33; k wiped). */
  ed25519ScalarMultTable(rows: number): void;
  /** Variable time: ED25519_IO_OUT = k·B (k reduced, at ED25519_IO_SCALAR_A). */
  ed25519ScalarBaseMultNonConst(): void;
  /** ED25519_IO_BYTES = the encoding of the point at ED25519_IO_IN. */
  ed25519Encode(): void;
  /** Encodes n staged points to ED25519_ENCODED; 0 (nothing written) when some Z is 0. */
  ed25519EncodeBatch(n: number): number;
  /** ED25519_IO_OUT = a·A + b·C; mode 0: the point at ED25519_IO_IN / ED25519_IO_IN2, 1: the cached table in slot 0 / 1, 2: the key table in slot 0 / 1 (w, t pieces). */
  ed25519DoubleScalarMult(modeA: number, wA: number, tA: number, modeC: number, wC: number, tC: number): void;
  /** Writes the t pieces 2^(b·j)·P (b = ⌈257/t⌉) of the point at ED25519_IO_IN to ED25519_STAGE (60 doubles each). */
  ed25519Split(t: number): void;
  /** Builds the point at ED25519_IO_IN's width-w table in t pieces into the key table; its TypeScript limbs (45 doubles per entry) at ED25519_ENCODED. */
  ed25519BuildPieced(w: number, t: number): void;
  /** 1 if ℓ·P = O for the point P at ED25519_IO_IN, else 0 (overwrites ED25519_IO_SCALAR_A). */
  ed25519IsTorsionFree(): number;
  /** Replaces k < ℓ at ED25519_IO_SCALAR_A by c0 and writes |c1| to ED25519_IO_BYTES (c0 ≡ c1·k mod ℓ, both below 2^127); 1 when c1 < 0. */
  ed25519HalfScalars(): number;
  /** 1 iff [8]([s']B + [c0]A' − [c1]R) = O: A' at ED25519_IO_IN, R at ED25519_IO_IN2, c0 / |c1| as ed25519HalfScalars left them, s' = c1·S mod ℓ at ED25519_IO_SCALAR_B. */
  ed25519CofactoredHalf(c1Neg: number): number;
}
