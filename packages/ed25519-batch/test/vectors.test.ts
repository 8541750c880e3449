/**
 * Every shared Ed25519 vector, under both modes, through the single, batch
 * and parallel paths. Expected outcomes per mode are derived in helpers.ts
 * from each set's own flags/columns (see the comments there).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { toHex } from '@strata/testkit';
import { BatchVerifier, PublicKeyCache, getPublicKey, shutdown, sign, verify, verifyBatchParallel, type VerifyMode } from '../src/index.node.js';
import { allCases, cctv, rfc8032, speccheck, supercop, wycheproof, zip215, type Case } from './helpers.js';

const MODES: VerifyMode[] = ['zip215', 'strict'];

afterAll(async () => {
  await shutdown();
});

function expected(c: Case, mode: VerifyMode): boolean {
  return mode === 'zip215' ? c.zip215 : c.strict;
}

function checkSingle(cases: Case[], mode: VerifyMode): void {
  const wrong: string[] = [];
  for (const c of cases) {
    if (verify(c.signature, c.message, c.publicKey, { mode }) !== expected(c, mode)) wrong.push(c.id);
  }
  expect(wrong).toEqual([]);
}

function checkBatch(cases: Case[], mode: VerifyMode, cache?: PublicKeyCache): void {
  const bv = new BatchVerifier(cache !== undefined ? { mode, cache } : { mode });
  for (const c of cases) bv.add(c.signature, c.message, c.publicKey);
  const each = bv.verifyEach();
  const wrong = cases.filter((c, i) => each[i] !== expected(c, mode)).map((c) => c.id);
  expect(wrong).toEqual([]);
  expect(bv.verify()).toBe(cases.every((c) => expected(c, mode)));
}

describe('signing vectors', () => {
  it('RFC 8032 §7.1: the 5 plain Ed25519 cases (public key and signature bytes)', () => {
    const cs = rfc8032();
    expect(cs.length).toBe(5);
    for (const c of cs) {
      expect(toHex(getPublicKey(c.seed)), c.id).toBe(toHex(c.publicKey));
      expect(toHex(sign(c.message, c.seed)), c.id).toBe(toHex(c.signature));
    }
  });

  it('SUPERCOP KAT: all 1024 lines sign to the recorded bytes', () => {
    const cs = supercop();
    expect(cs.length).toBe(1024);
    const wrong: string[] = [];
    for (const c of cs) {
      if (toHex(getPublicKey(c.seed)) !== toHex(c.publicKey) || toHex(sign(c.message, c.seed)) !== toHex(c.signature)) wrong.push(c.id);
    }
    expect(wrong).toEqual([]);
  });
});

describe('vector expectations are what the sources say', () => {
  it('counts match SOURCES.md', () => {
    expect(wycheproof().length).toBe(151);
    expect(speccheck().length).toBe(12);
    expect(zip215().length).toBe(196);
    expect(cctv().length).toBe(914);
  });

  it('speccheck: strict (derived from the condition table) equals the LibSodium and Dalek-strict columns', () => {
    for (const c of speccheck()) {
      expect(c.strict, c.id).toBe(c.libsodium);
      expect(c.strict, c.id).toBe(c.dalekStrict);
    }
  });

  it('wycheproof: exactly one case differs between modes (R = x = −0 identity encoding)', () => {
    const diff = wycheproof().filter((c) => c.zip215 !== c.strict);
    expect(diff.length).toBe(1);
    expect(diff[0]!.zip215).toBe(true);
  });
});

const SETS: Array<[string, () => Case[]]> = [
  ['RFC 8032', () => rfc8032().map((c) => ({ ...c, zip215: true, strict: true }))],
  ['SUPERCOP KAT', () => supercop().map((c) => ({ ...c, zip215: true, strict: true }))],
  ['Wycheproof', wycheproof],
  ['speccheck', speccheck],
  ['ZIP-215 small order', zip215],
  ['CCTV', cctv],
];

for (const mode of MODES) {
  describe(`mode ${mode}`, () => {
    for (const [name, load] of SETS) {
      it(`${name}: single verify`, () => checkSingle(load(), mode));
      it(`${name}: BatchVerifier verifyEach / verify`, () => checkBatch(load(), mode));
    }

    it('single verify with a PublicKeyCache gives the same answers (all sets)', () => {
      const cache = new PublicKeyCache({ capacity: 64 });
      const wrong: string[] = [];
      for (const c of allCases()) {
        if (verify(c.signature, c.message, c.publicKey, { mode, cache }) !== expected(c, mode)) wrong.push(c.id);
      }
      expect(wrong).toEqual([]);
      expect(cache.hits).toBeGreaterThan(0);
      expect(cache.evictions).toBeGreaterThan(0);
    });

    it('one mixed batch of every case, with a cache', () => {
      checkBatch(allCases(), mode, new PublicKeyCache({ capacity: 256 }));
    });

    it('every case of every set through verifyBatchParallel (2 workers)', async () => {
      const cases = allCases();
      const res = await verifyBatchParallel(cases, { mode, workers: 2, cache: 128 });
      const wrong = cases.filter((c, i) => res.results[i] !== expected(c, mode)).map((c) => c.id);
      expect(wrong).toEqual([]);
      expect(res.valid).toBe(false);
    });
  });
}
