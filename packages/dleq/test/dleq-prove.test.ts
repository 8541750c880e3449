/**
 * Strata's prover: proofs verify (with Strata's verifier, which shares no
 * code path with the prover beyond the group, and with the noble-backed
 * oracle), verify under both of go-dleq's secp256k1 hash rules, respect the
 * witness bounds, and keep the secret's copy semantics.
 */
import { describe, expect, it } from 'vitest';
import { StrataError } from '@strata/field';
import { bigFromBytesLE, bigToBytesLE, hex, toHex } from '@strata/testkit';
import { noble, nobleBackendEnabled, seededRandom, strata } from '@strata/group-testkit';
import { generateSecretForCurvesLE, Proof, proofBitCount, prove } from '../src/index.js';
import { secp256k1, secp256k1Reduced, ed25519, createSecp256k1Curve, defaultRandom } from '@strata/group';
import { vectors } from './helpers.js';

const pairs = [
  ['secp256k1', 'ed25519'],
  ['ed25519', 'secp256k1'],
] as const;

describe('generateSecretForCurvesLE', () => {
  it('returns 32 bytes below 2^min(bitSize)', () => {
    expect(proofBitCount(secp256k1, ed25519)).toBe(252);
    expect(proofBitCount(secp256k1, secp256k1)).toBe(255);
    for (let i = 0; i < 20; i++) {
      const s = generateSecretForCurvesLE(secp256k1, ed25519);
      expect(s.length).toBe(32);
      expect(bigFromBytesLE(s) < 2n ** 252n).toBe(true);
    }
    const all = generateSecretForCurvesLE(secp256k1, ed25519, () => new Uint8Array(32).fill(0xff));
    expect(bigFromBytesLE(all)).toBe(2n ** 252n - 1n);
    const s2 = generateSecretForCurvesLE(secp256k1, secp256k1, () => new Uint8Array(32).fill(0xff));
    expect(bigFromBytesLE(s2)).toBe(2n ** 255n - 1n);
    expect(toHex(generateSecretForCurvesLE(ed25519, secp256k1))).not.toBe(toHex(generateSecretForCurvesLE(ed25519, secp256k1)));
  });
});

describe('prove → verify', () => {
  for (const [a, b] of pairs) {
    const withNoble = nobleBackendEnabled();
    it(`${a} × ${b}: Strata proofs verify with Strata${withNoble ? ' and with the noble oracle' : ''}, and round-trip`, () => {
      const A = strata[a];
      const B = strata[b];
      const secret = generateSecretForCurvesLE(A, B, seededRandom(a.length * 31 + 5));
      const p = prove(A, B, secret);
      expect(p.bitProofs.length).toBe(252);
      const bytes = p.toBytes();
      const sigLen = p.signatureA.length + p.signatureB.length;
      expect(bytes.length).toBe(64832 + sigLen);
      expect(p.verify(A, B)).toBe(true);
      const q = Proof.fromBytes(A, B, bytes);
      expect(toHex(q.toBytes())).toBe(toHex(bytes));
      expect(q.verify(A, B)).toBe(true);
      // the noble-curves oracle agrees (STRATA_NOBLE_BACKEND=0, as in `pnpm test:quick`, leaves it out)
      if (withNoble) expect(Proof.fromBytes(noble[a], noble[b], bytes).verify(noble[a], noble[b])).toBe(true);
      // commitments are x·G
      expect(q.commitmentA.equals(A.scalarBaseMult(A.scalarFromBytesLE(secret)))).toBe(true);
      expect(q.commitmentB.equals(B.scalarBaseMult(B.scalarFromBytesLE(secret)))).toBe(true);
      // a proof for another secret does not verify against these commitments
      const other = prove(A, B, generateSecretForCurvesLE(A, B));
      const mixed = new Proof(q.commitmentA, q.commitmentB, other.bitProofs, q.signatureA, q.signatureB);
      expect(mixed.check(A, B)).toMatchObject({ ok: false, reason: 'commitment-a' });
    });
    if (withNoble) it(`${a} × ${b}: proofs from the noble backend verify with Strata`, () => {
      const secret = generateSecretForCurvesLE(strata[a], strata[b], seededRandom(99));
      const p = prove(noble[a], noble[b], secret, { rand: seededRandom(4) });
      const bytes = p.toBytes();
      expect(Proof.fromBytes(strata[a], strata[b], bytes).verify(strata[a], strata[b])).toBe(true);
    });
  }

  it('edge secrets 1, 2^252 − 1 and a single high bit prove and verify; the secret is copied', () => {
    for (const v of [1n, 2n ** 252n - 1n, 2n ** 251n]) {
      const s = bigToBytesLE(v, 32);
      const p = prove(secp256k1, ed25519, s);
      s.fill(0);
      expect(p.verify(secp256k1, ed25519)).toBe(true);
      expect(p.commitmentB.equals(ed25519.scalarBaseMult(ed25519.scalarFromBytesLE(bigToBytesLE(v, 32))))).toBe(true);
    }
  });

  it('the tables kept per curve object change nothing: a fresh curve object gives the same proof for the same randomness', () => {
    const fresh = createSecp256k1Curve();
    const s = generateSecretForCurvesLE(secp256k1, ed25519, seededRandom(77));
    prove(secp256k1, ed25519, s, { rand: seededRandom(1) }); // secp256k1's tables exist from here on
    const cached = prove(secp256k1, ed25519, s, { rand: seededRandom(78) }).toBytes();
    const built = prove(fresh, ed25519, s, { rand: seededRandom(78) }).toBytes();
    expect(toHex(built)).toBe(toHex(cached));
  });

  it('the default source passed as `rand` is read through the pool: the proof verifies and differs from a second one', () => {
    const s = generateSecretForCurvesLE(ed25519, secp256k1, seededRandom(79));
    const p = prove(ed25519, secp256k1, s, { rand: defaultRandom });
    expect(p.verify(ed25519, secp256k1)).toBe(true);
    const q = prove(ed25519, secp256k1, s);
    expect(toHex(q.bitProofs[0]!.commitmentA.toBytes())).not.toBe(toHex(p.bitProofs[0]!.commitmentA.toBytes()));
  });

  it('refuses secrets outside the witness bounds with typed errors', () => {
    const tooBig = bigToBytesLE(2n ** 252n, 32);
    let err: unknown;
    try {
      prove(secp256k1, ed25519, tooBig);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StrataError);
    expect((err as StrataError).code).toBe('ERR_OUT_OF_RANGE');
    expect((err as Error).message).toMatch(/below 2\^252/);
    expect(() => prove(ed25519, secp256k1, bigToBytesLE(2n ** 255n, 32))).toThrow(StrataError);
    expect(() => prove(secp256k1, ed25519, new Uint8Array(31))).toThrow(StrataError);
    expect(() => prove(secp256k1, ed25519, new Uint8Array(32))).toThrow(StrataError);
    expect(() => prove(secp256k1, ed25519, 'x' as unknown as Uint8Array)).toThrow(TypeError);
    expect(() => prove({} as never, ed25519, new Uint8Array(32))).toThrow(TypeError);
  });
});

describe('go-dleq secp256k1 backend disagreement', () => {
  it('secp256k1Reduced (the libsecp256k1 rule) is a distinct curve object with the same constants', () => {
    expect(secp256k1Reduced.name).toBe('secp256k1');
    expect(secp256k1Reduced.bitSize).toBe(255);
    expect(createSecp256k1Curve().hashToScalar(new Uint8Array(1)).equals(secp256k1.hashToScalar(new Uint8Array(1)))).toBe(true);
    expect(() => createSecp256k1Curve({ hashToScalarRule: 'nope' as never })).toThrow(TypeError);
  });

  it('Go vectors with short hashes verify under the decred rule only', () => {
    const v = vectors().proofs.find((p) => p.short_hash_count > 0 && p.curve_a === 'secp256k1')!;
    const p = Proof.fromBytes(secp256k1, ed25519, hex(v.proof));
    expect(p.verify(secp256k1, ed25519)).toBe(true);
    const r = Proof.fromBytes(secp256k1Reduced, ed25519, hex(v.proof)).check(secp256k1Reduced, ed25519);
    expect(r).toMatchObject({ ok: false, reason: 'invalid-proof' });
  });

  it('Strata proofs avoid the disagreeing case and verify under both rules', () => {
    let unsafeFailures = 0;
    for (let seed = 1; seed <= 3; seed++) {
      const secret = generateSecretForCurvesLE(secp256k1, ed25519, seededRandom(seed));
      const safe = prove(secp256k1, ed25519, secret, { rand: seededRandom(1000 + seed) }).toBytes();
      expect(Proof.fromBytes(secp256k1, ed25519, safe).verify(secp256k1, ed25519)).toBe(true);
      expect(Proof.fromBytes(secp256k1Reduced, ed25519, safe).verify(secp256k1Reduced, ed25519)).toBe(true);
      // without the re-draw the same randomness usually lands in the disagreeing case
      const unsafe = prove(secp256k1, ed25519, secret, { rand: seededRandom(1000 + seed), avoidBackendDisagreement: false });
      expect(unsafe.verify(secp256k1, ed25519)).toBe(true);
      if (!Proof.fromBytes(secp256k1Reduced, ed25519, unsafe.toBytes()).verify(secp256k1Reduced, ed25519)) unsafeFailures++;
    }
    expect(unsafeFailures).toBeGreaterThan(0);
  });

  it('a proof made under the libsecp256k1 rule verifies under the decred rule too', () => {
    const secret = generateSecretForCurvesLE(ed25519, secp256k1Reduced, seededRandom(77));
    const p = prove(ed25519, secp256k1Reduced, secret).toBytes();
    expect(Proof.fromBytes(ed25519, secp256k1, p).verify(ed25519, secp256k1)).toBe(true);
  });
});
