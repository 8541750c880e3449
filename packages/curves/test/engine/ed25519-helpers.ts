/**
 * Shared helpers of the ed25519 engine tests: run the same public call under
 * the TypeScript and the WebAssembly engine and compare what a caller can
 * observe (the encoding, curve membership with a consistent T, identity,
 * small order, the thrown error).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { hex, readVectorJson, toHex } from '@strata/testkit';
import { engine } from '../../src/index.js';
import * as ed25519 from '../../src/ed25519/index.js';
import { bothEngines } from './engines.js';

export const { Point } = ed25519;
export const L = ed25519.edwards25519.order;
export const P = ed25519.edwards25519.p;

export { under } from './engines.js';

/** What a caller can observe of a point (computed by the TypeScript code). */
export function observe(p: ed25519.Point): string {
  return `${toHex(p.toBytes())} onCurve=${p.isOnCurve()} id=${p.isIdentity()} small=${p.isSmallOrder()}`;
}

/** The outcome of f: its observed point, or the error's class, code and message. */
export function outcome(f: () => ed25519.Point | null | boolean): string {
  try {
    const r = f();
    if (r === null || typeof r === 'boolean') return String(r);
    return observe(r);
  } catch (e) {
    const err = e as Error & { code?: string };
    return `${err.constructor.name} ${err.code ?? ''} ${err.message}`;
  }
}

/** [outcome under 'ts', outcome under 'wasm']. */
export function both(f: () => ed25519.Point | null | boolean): [string, string] {
  return bothEngines(() => outcome(f));
}

/** 32-byte little-endian encoding of a BigInt < 2^256. */
export function le32(v: bigint): Uint8Array {
  const b = new Uint8Array(32);
  for (let i = 0; i < 32; i++, v >>= 8n) b[i] = Number(v & 0xffn);
  return b;
}

/** The 8-torsion: the eight points T with 8·T = O (from the decoded small-order encodings). */
export function torsionPoints(encodings: readonly Uint8Array[]): ed25519.Point[] {
  const out: ed25519.Point[] = [];
  for (const e of encodings) {
    const p = Point.fromBytes(e);
    if (!out.some((q) => q.equals(p))) out.push(p);
  }
  return out;
}

/** A deterministic generator (xorshift) so failures reproduce: numbers in [0, 1). */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/** The points of order dividing 8, decoded from the ZIP-215 small-order vectors (../shared/vectors/zip215). */
export function zip215Torsion(): ed25519.Point[] {
  const zip = readVectorJson('zip215', 'ed25519-zebra-small-order.json') as { point_encodings: Array<{ encoding: string }> };
  return torsionPoints(zip.point_encodings.map((e) => hex(e.encoding)));
}

/**
 * Registers the hooks of a file that compares the engines: before its tests
 * the WebAssembly module must load (the file fails otherwise) and the
 * TypeScript engine is selected; after them it is selected again.
 */
export function loadWasmSelectTs(): void {
  beforeAll(() => {
    expect(engine.initWasmSync({ required: true })).toBe('wasm');
    engine.useEngine('ts');
  });
  afterAll(() => engine.useEngine('ts'));
}
