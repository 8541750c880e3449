/**
 * The TypeScript bridge of the generic Edwards WebAssembly kernels
 * (wasm/edwards/): each operation switches the kernels to the point's curve
 * when another curve was used last, copies its inputs into EDWARDS_REGION,
 * makes ONE call that runs the whole operation, and copies the result out.
 * {@link wasmEdwardsBackend} binds them to one engine instance's kernels as
 * the WebAssembly implementation of the backend seam (backend.ts); the
 * public functions (scalarmult.ts, msm.ts) check their arguments first and
 * then call that object while it is selected and serves the curve.
 *
 * Curves: the kernels are generic; what a curve needs is its constant block
 * (wasm/edwards/curve.ts: the modulus, a, d, 2d, the GLV constants, the
 * generator, in the kernels' Montgomery form), computed here once per curve
 * with BigInt and cached, and written into the region on a switch (480
 * bytes), and its base table, built in the kernel into one of
 * EDWARDS_BASE_SLOTS slots on first use (a fourth curve takes the slot used
 * least recently). A curve is served when its field has the TypeScript
 * engine's 11 limbs (the conversion of the limbs assumes it) and a modulus
 * the kernels take (below 2^255, p ≡ 1 mod 2^28: BLS12-381 Fr, BN254 Fr); any other
 * stays on TypeScript.
 *
 * Field elements cross as the TypeScript PrimeField limbs (11 doubles,
 * radix 2^24, Montgomery form x·2^264): copying a Float64Array into the
 * region is a memcpy, and the kernel converts them with one Montgomery
 * product to its 9 × 29-bit limbs (x·2^261) and back; both sides keep
 * elements fully reduced, so the limbs that come back are exactly the
 * TypeScript form of the same value.
 *
 * MSM: Straus and the extended Pippenger run in chunks of EDWARDS_MSM_MAX
 * pairs; on a complete curve from WASM_BATCH_AFFINE_THRESHOLD points the
 * batch-affine Pippenger (wasm/edwards/msm-affine.ts) runs instead, in
 * chunks of EDWARDS_AMSM_MAX pairs, its Montgomery-curve constants written
 * per call (montBlockOf); the chunks' sums are added in the kernel.
 *
 * Errors: on an incomplete curve an addition whose sum is at infinity makes
 * the kernel return 1; the bridge then throws StrataError
 * ERR_POINT_AT_INFINITY, as the TypeScript engine does, and leaves `out`
 * unchanged.
 */
import { ErrorCode, StrataError, type PrimeFieldElement } from '@strata/field';
import type { WasmKernels } from '../engine/abi.js';
import { EDWARDS_ABI } from '../engine/edwards-abi.js';
import type { AffineCoords, CurveLike, EdwardsBackend, ExtendedCoords } from './backend.js';
import { splitByBasis } from './params.js';
import { bigAbsToBytes, scalarToBigInt } from './scalar.js';
import { pippengerWindow } from './msm.js';
import { affineWindow } from './msm-affine.js';

/** The layout offsets of one engine instance (bytes; f64 indices where named so). */
interface Layout {
  readonly k: WasmKernels;
  readonly curve: number;
  readonly scalar: number;
  readonly scalar2: number;
  /** f64 index of EDWARDS_IO_IN / EDWARDS_IO_OUT / EDWARDS_STAGE. */
  readonly in: number;
  readonly out: number;
  readonly stage: number;
  readonly stagePoints: number;
  readonly msmScalars: number;
  readonly msmAffine: number;
  readonly msmMax: number;
  readonly maxWindow: number;
  readonly baseSlots: number;
  readonly amsmConsts: number;
  readonly amsmScalars: number;
  readonly amsmMax: number;
  readonly amsmMaxWindow: number;
}

/**
 * Input size from which msmNonConst's Pippenger runs the batch-affine
 * kernel (wasm/edwards/msm-affine.ts) on a complete curve instead of the
 * extended one: batch-affine / extended time, WebAssembly engine, paired
 * (median of 7–9 alternating rounds in one process, heavily loaded 2-core
 * host): BabyJubjub n = 768: 0.98, 1024: 0.97, 1280: 0.94, 1536: 0.78,
 * 2048: 0.81; Jubjub (B ≠ 1: 2M more an addition) n = 1024: 1.17, 1536:
 * 1.03. Below some thousand points the buckets' conversion and running sums
 * (about 24M a bucket against 18M) cancel the 6M-against-9M additions.
 */
export const WASM_BATCH_AFFINE_THRESHOLD = 1536;

/** Bytes of the curve block the bridge writes (wasm/edwards/curve.ts). */
const BLOCK = 480;
/** The kernels' limbs: nine of 29 bits (R = 2^261). */
const LIMB = 29n;
const MASK = (1n << LIMB) - 1n;

/** A curve's constant block, or null when the kernels do not serve it (computed once per curve). */
const blocks = new WeakMap<CurveLike, Uint8Array | null>();

/** Writes v (< 2^261) as nine 29-bit limbs (u32 little-endian each) at b[o …]. */
function putElement(b: Uint8Array, o: number, v: bigint): void {
  for (let i = 0; i < 9; i++, v >>= LIMB) putU32(b, o + 4 * i, Number(v & MASK));
}

function putU32(b: Uint8Array, o: number, x: number): void {
  b[o] = x & 0xff; b[o + 1] = (x >>> 8) & 0xff; b[o + 2] = (x >>> 16) & 0xff; b[o + 3] = x >>> 24;
}

/** The constant block of c (layout in wasm/edwards/curve.ts), or null when the kernels do not take its field. */
function blockOf(c: CurveLike): Uint8Array | null {
  const hit = blocks.get(c);
  if (hit !== undefined) return hit;
  const p = c.F.p;
  let b: Uint8Array | null = null;
  if (c.F.limbs === 11 && p >> 255n === 0n && (p & 0xfffffffn) === 1n) {
    b = new Uint8Array(BLOCK);
    const mont = (x: bigint) => ((((x % p) + p) % p) << 261n) % p;
    putElement(b, 0, p);
    putElement(b, 40, mont(1n));
    putElement(b, 80, mont(c.a));
    putElement(b, 120, mont(c.d));
    putElement(b, 160, mont(2n * c.d));
    putElement(b, 200, mont(c.glv?.endo0 ?? 0n));
    putElement(b, 240, mont(c.glv?.endo1 ?? 0n));
    // mont(x·2^264, 2^258 mod p) = x·2^261; mont(x·2^261, 2^264 mod p) = x·2^264 (mod p).
    putElement(b, 280, (1n << 258n) % p);
    putElement(b, 320, (1n << 264n) % p);
    b[360] = c.complete ? 1 : 0;
    b[364] = c.aIsMinusOne ? 1 : 0;
    putElement(b, 368, mont(c.generator.x));
    putElement(b, 408, mont(c.generator.y));
    let e = p - 2n;
    for (let i = 0; i < 8; i++, e >>= 32n) putU32(b, 448 + 4 * i, Number(e & 0xffffffffn));
  }
  blocks.set(c, b);
  return b;
}

/** The Montgomery-curve constants of each complete curve for the batch-affine kernel (computed once per curve). */
const montBlocks = new WeakMap<CurveLike, Uint8Array>();

/** Returns x^e mod p. */
function powMod(x: bigint, e: bigint, p: bigint): bigint {
  let r = 1n;
  x %= p;
  for (; e > 0n; e >>= 1n, x = (x * x) % p) if ((e & 1n) === 1n) r = (r * x) % p;
  return r;
}

/**
 * The batch-affine kernel's constant block of the complete curve c (164
 * bytes, wasm/edwards/msm-affine.ts): of the Montgomery curve B·v² = u³ +
 * A·u² + u, A = 2(a + d)/(a − d), B = 4/(a − d), scaled by 1/B to v² = u³ +
 * A'·u² + C·u: A' = A/B, C = 1/B², then 1/B and B, in the kernels' form, and
 * the flag B = 1.
 */
function montBlockOf(c: CurveLike): Uint8Array {
  let b = montBlocks.get(c);
  if (b === undefined) {
    const p = c.F.p;
    const inv = (x: bigint) => powMod(((x % p) + p) % p, p - 2n, p);
    const amd = inv(c.a - c.d);
    const A = (2n * (c.a + c.d) * amd) % p, B = (4n * amd) % p, invB = inv(B);
    const mont = (x: bigint) => ((((x % p) + p) % p) << 261n) % p;
    b = new Uint8Array(164);
    putElement(b, 0, mont(A * invB));
    putElement(b, 40, mont(invB * invB));
    putElement(b, 80, mont(invB));
    putElement(b, 120, mont(B));
    b[160] = B === 1n ? 1 : 0;
    montBlocks.set(c, b);
  }
  return b;
}

/** The highest set bit's position + 1 over the 32-byte little-endian scalars in bytes[from·32 … to·32) (0: all zero). */
function maxBitsOf(bytes: Uint8Array, from: number, to: number): number {
  let top = 0;
  for (let i = from; i < to; i++) {
    for (let j = 31; 8 * j + 8 > top; j--) {
      const v = bytes[32 * i + j]!;
      if (v !== 0) {
        top = Math.max(top, 8 * j + 32 - Math.clz32(v));
        break;
      }
    }
  }
  return top;
}

/** Copies the 11 limbs of each coordinate into the region at f64 index o. */
function writeCoords(f: Float64Array, o: number, X: PrimeFieldElement, Y: PrimeFieldElement, Z: PrimeFieldElement | null, T: PrimeFieldElement | null): void {
  f.set(X, o);
  f.set(Y, o + 11);
  if (Z !== null) f.set(Z, o + 22);
  if (T !== null) f.set(T, o + 33);
}

/** Throws ERR_POINT_AT_INFINITY for a kernel's error return (out is not written). */
function atInfinity(c: CurveLike): never {
  throw new StrataError(ErrorCode.POINT_AT_INFINITY, `${c.name} point addition: expected a sum with an affine form, got a point at infinity (an operand has a torsion component at infinity)`);
}

/**
 * The WebAssembly generic Edwards backend of one engine instance (see the
 * module doc). Throws an Error when the module's Edwards kernels speak
 * another ABI (a stale build).
 */
export function wasmEdwardsBackend(k: WasmKernels): EdwardsBackend {
  const e = k.exports;
  if (e.EDWARDS_ABI.value !== EDWARDS_ABI) throw new Error(`generic Edwards WebAssembly kernels: ABI ${e.EDWARDS_ABI.value}, the bridge speaks ${EDWARDS_ABI} (rebuild @strata/curves)`);
  const L: Layout = {
    k,
    curve: e.EDWARDS_CURVE.value,
    scalar: e.EDWARDS_IO_SCALAR.value,
    scalar2: e.EDWARDS_IO_SCALAR2.value,
    in: e.EDWARDS_IO_IN.value >>> 3,
    out: e.EDWARDS_IO_OUT.value >>> 3,
    stage: e.EDWARDS_STAGE.value >>> 3,
    stagePoints: e.EDWARDS_STAGE_POINTS.value,
    msmScalars: e.EDWARDS_MSM_SCALARS.value,
    msmAffine: e.EDWARDS_MSM_AFFINE.value,
    msmMax: e.EDWARDS_MSM_MAX.value,
    maxWindow: e.EDWARDS_MSM_MAX_WINDOW.value,
    baseSlots: e.EDWARDS_BASE_SLOTS.value,
    amsmConsts: e.EDWARDS_AMSM_CONSTS.value,
    amsmScalars: e.EDWARDS_AMSM_SCALARS.value,
    amsmMax: e.EDWARDS_AMSM_MAX.value,
    amsmMaxWindow: e.EDWARDS_AMSM_MAX_WINDOW.value,
  };
  const { u8, f64 } = k;
  /** The curve whose block is loaded; the curve of each base slot; the order of slot use. */
  let current: CurveLike | null = null;
  const slots: (CurveLike | null)[] = new Array<CurveLike | null>(L.baseSlots).fill(null);
  let lru: number[] = [...slots.keys()];

  /** Loads c's block into the kernels unless it is loaded. Precondition: serves(c). */
  function use(c: CurveLike): void {
    if (current === c) return;
    u8.set(blockOf(c)!, L.curve);
    if (e.edwardsUseCurve() !== 0) throw new Error(`${c.name}: the generic Edwards kernels refused the field`);
    current = c;
  }

  /** The base-table slot of the curve in use, built on first use. */
  function baseSlot(c: CurveLike): number {
    let s = slots.indexOf(c);
    if (s < 0) {
      s = lru[0]!;
      e.edwardsBuildBase(s);
      slots[s] = c;
    }
    lru = [...lru.filter((x) => x !== s), s];
    return s;
  }

  function readOut(out: ExtendedCoords): void {
    const o = L.out;
    out.X.set(f64.subarray(o, o + 11));
    out.Y.set(f64.subarray(o + 11, o + 22));
    out.Z.set(f64.subarray(o + 22, o + 33));
    out.T.set(f64.subarray(o + 33, o + 44));
  }

  function pointIn(P: ExtendedCoords): void {
    use(P.curve);
    writeCoords(f64, L.in, P.X, P.Y, P.Z, P.T);
  }

  /**
   * Stages points[from … from + m) 128 at a time and converts each batch with
   * convert(slot of its first point, count); the affine flags go at
   * EDWARDS_MSM_AFFINE[flagBase + staged index].
   */
  function stage(points: readonly (ExtendedCoords | AffineCoords)[], from: number, m: number, perSlot: boolean, convert: (s: number, t: number) => void): void {
    for (let s = 0; s < m; s += L.stagePoints) {
      const t = Math.min(L.stagePoints, m - s);
      const flags = L.msmAffine + (perSlot ? s : 0);
      for (let i = 0; i < t; i++) {
        const P = points[from + s + i]!;
        const o = L.stage + 44 * i;
        if ('X' in P) {
          writeCoords(f64, o, P.X, P.Y, P.Z, P.T);
          u8[flags + i] = 0;
        } else {
          writeCoords(f64, o, P.x, P.y, null, null);
          u8[flags + i] = 1;
        }
      }
      convert(s, t);
    }
  }

  /**
   * Sets out = Σ kᵢ·Pᵢ on a complete curve by the batch-affine kernel, in
   * chunks of EDWARDS_AMSM_MAX pairs; window 0 takes affineWindow's choice
   * per chunk.
   */
  function msmAffine(points: readonly (ExtendedCoords | AffineCoords)[], bytes: Uint8Array, window: number, out: ExtendedCoords): void {
    const n = points.length;
    u8.set(montBlockOf(out.curve), L.amsmConsts);
    let code = 0;
    for (let start = 0; start < n; start += L.amsmMax) {
      const m = Math.min(L.amsmMax, n - start);
      stage(points, start, m, false, e.edwardsAmsmLoad);
      u8.set(bytes.subarray(32 * start, 32 * (start + m)), L.amsmScalars);
      const bits = maxBitsOf(bytes, start, start + m);
      const w = Math.min(L.amsmMaxWindow, window !== 0 ? window : affineWindow(m, bits));
      code |= e.edwardsAmsmChunk(m, w, bits, start === 0 ? 0 : 1);
    }
    code |= e.edwardsMsmResult();
    finish(code, out);
  }

  function finish(code: number, out: ExtendedCoords): void {
    if (code !== 0) atInfinity(out.curve);
    readOut(out);
  }

  return Object.freeze({
    serves: (c: CurveLike) => blockOf(c) !== null,
    scalarMult(kb: Uint8Array, P: ExtendedCoords, out: ExtendedCoords): void {
      pointIn(P);
      u8.set(kb, L.scalar);
      finish(e.edwardsScalarMult(), out);
    },
    scalarMultNonConst(kb: Uint8Array, P: ExtendedCoords, out: ExtendedCoords): void {
      pointIn(P);
      u8.set(kb, L.scalar);
      finish(e.edwardsScalarMultNonConst(), out);
    },
    scalarMultGlvNonConst(kb: Uint8Array, P: ExtendedCoords, out: ExtendedCoords): void {
      const c = P.curve;
      const [k1, k2] = splitByBasis(c.glv!.basis, c.order, scalarToBigInt(kb));
      pointIn(P);
      bigAbsToBytes(k1, u8.subarray(L.scalar, L.scalar + 32));
      bigAbsToBytes(k2, u8.subarray(L.scalar2, L.scalar2 + 32));
      finish(e.edwardsScalarMultGlv(k1 < 0n ? 1 : 0, k2 < 0n ? 1 : 0), out);
    },
    scalarBaseMult(kb: Uint8Array, out: ExtendedCoords): void {
      use(out.curve);
      const s = baseSlot(out.curve);
      u8.set(kb, L.scalar);
      finish(e.edwardsScalarBaseMult(s), out);
    },
    scalarBaseMultNonConst(kb: Uint8Array, out: ExtendedCoords): void {
      use(out.curve);
      const s = baseSlot(out.curve);
      u8.set(kb, L.scalar);
      finish(e.edwardsScalarBaseMultNonConst(s), out);
    },
    msmNonConst(points: readonly (ExtendedCoords | AffineCoords)[], bytes: Uint8Array, straus: boolean, window: number, out: ExtendedCoords): void {
      const c = out.curve;
      use(c);
      const n = points.length;
      if (n === 0) {
        // The empty sum: the identity, as the TypeScript engine gives.
        e.edwardsMsmChunk(0, 0, 0, 0);
        finish(e.edwardsMsmResult(), out);
        return;
      }
      if (!straus && c.complete && n >= WASM_BATCH_AFFINE_THRESHOLD) {
        msmAffine(points, bytes, window, out);
        return;
      }
      let code = 0;
      for (let start = 0; start < n; start += L.msmMax) {
        const m = Math.min(L.msmMax, n - start);
        stage(points, start, m, true, e.edwardsMsmLoad);
        u8.set(bytes.subarray(32 * start, 32 * (start + m)), L.msmScalars);
        // Window 0 (msmNonConst without a window option) takes msm.ts pippengerWindow(n); a window
        // above the kernels' largest gives the same sum with the largest.
        const w = Math.min(L.maxWindow, window !== 0 ? window : pippengerWindow(n));
        code |= e.edwardsMsmChunk(m, straus ? 0 : 1, w, start === 0 ? 0 : 1);
      }
      code |= e.edwardsMsmResult();
      finish(code, out);
    },
  });
}
