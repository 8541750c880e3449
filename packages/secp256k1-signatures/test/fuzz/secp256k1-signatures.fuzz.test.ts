/**
 * Fuzz suite of @strata/secp256k1-signatures: every verifier, decoder and
 * option of the package over random bytes of every length 0–200, mutations
 * (truncations, extensions, bit flips, byte replacements) of valid
 * signatures, hashes, messages and keys, and wrong-typed values. Seeded and
 * scaled through `STRATA_FUZZ_SEED` / `STRATA_FUZZ_RUNS` (tools/testkit/src/fuzz.ts).
 *
 * Covered: `getPublicKey` (option `compressed`), `ecdsa.sign` /
 * `signRecoverable` / `signCompact` (options `extraEntropy`, `compressed`),
 * `ecdsa.verify` (option `lowS`), `ecdsa.recoverPublicKey` (option
 * `compressed`), `ecdsa.recoverCompact`, `ecdsa.signatureFromDER` /
 * `signatureToDER`, `schnorr.getPublicKey` / `sign` / `verify`,
 * `schnorr.BatchVerifier` (option `msm`) `add` / `verify` / `verifyEach`,
 * `tweak.privateAdd` / `privateNegate` / `publicAdd` (option `compressed`) /
 * `xOnlyAdd` / `xOnlyAddCheck` / `taprootOutputKey` / `taprootSecretKey`.
 *
 * Properties: decoders and signers given bytes raise only StrataError;
 * verifiers never throw on any bytes and never accept a mutated valid input;
 * the batch equals single verification; wrong-typed arguments and option
 * values throw TypeError at once.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { anyBytes, forEveryLength, fuzzAssert, mutated, neverThrows, notBoolean, notBytes, notOptions, onlyStrataError, typeErrorAtOnce, xorshiftBytes } from '@strata/testkit';
import { StrataError, getPublicKey } from '../../src/index.js';
import * as ecdsa from '../../src/ecdsa-api.js';
import * as schnorr from '../../src/schnorr-api.js';
import * as tweak from '../../src/tweak-api.js';

const rnd = xorshiftBytes(0x5ec9256);
const KEYS: Uint8Array[] = [];
while (KEYS.length < 4) {
  const k = rnd(32);
  k[0] = k[0]! & 0x7f; // below n
  if (k.some((b) => b !== 0)) KEYS.push(k);
}
const HASHES = KEYS.map(() => rnd(32));
const MSGS = KEYS.map((_, i) => rnd(i * 17));
const PKS = KEYS.map((k, i) => getPublicKey(k, { compressed: i % 2 === 0 }));
const XPKS = KEYS.map((k) => schnorr.getPublicKey(k));
const ESIGS = KEYS.map((k, i) => ecdsa.sign(HASHES[i]!, k));
const SSIGS = KEYS.map((k, i) => schnorr.sign(MSGS[i]!, k, new Uint8Array(32)));
const DERS = ESIGS.map((s) => ecdsa.signatureToDER(s));
const RECS = KEYS.map((k, i) => ecdsa.signRecoverable(HASHES[i]!, k).recovery);
const COMPACTS = KEYS.map((k, i) => ecdsa.signCompact(HASHES[i]!, k));
const strata = <T>(what: string, f: () => T) => onlyStrataError(StrataError, what, f);
const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

describe('bytes of every length: decoders and signers raise only StrataError, verifiers never throw', () => {
  it('the sweep over every length 0–200', () => {
    forEveryLength((b) => {
      strata('getPublicKey', () => getPublicKey(b));
      strata('ecdsa.sign key', () => ecdsa.sign(HASHES[0]!, b));
      strata('ecdsa.sign hash', () => ecdsa.sign(b, KEYS[0]!));
      strata('ecdsa.sign extraEntropy', () => ecdsa.sign(HASHES[0]!, KEYS[0]!, { extraEntropy: b }));
      strata('ecdsa.signCompact', () => ecdsa.signCompact(b, KEYS[0]!));
      strata('ecdsa.recoverPublicKey', () => ecdsa.recoverPublicKey(b, 0, HASHES[0]!));
      strata('ecdsa.recoverCompact', () => ecdsa.recoverCompact(b, HASHES[0]!));
      strata('ecdsa.signatureFromDER', () => ecdsa.signatureFromDER(b));
      strata('ecdsa.signatureToDER', () => ecdsa.signatureToDER(b));
      strata('schnorr.getPublicKey', () => schnorr.getPublicKey(b));
      strata('schnorr.sign auxRand', () => schnorr.sign(MSGS[0]!, KEYS[0]!, b));
      neverThrows('ecdsa.verify sig', () => ecdsa.verify(b, HASHES[0]!, PKS[0]!));
      neverThrows('ecdsa.verify hash', () => ecdsa.verify(ESIGS[0]!, b, PKS[0]!));
      neverThrows('ecdsa.verify key', () => ecdsa.verify(ESIGS[0]!, HASHES[0]!, b));
      neverThrows('schnorr.verify sig', () => schnorr.verify(b, MSGS[0]!, XPKS[0]!));
      neverThrows('schnorr.verify key', () => schnorr.verify(SSIGS[0]!, MSGS[0]!, b));
      expect(schnorr.verify(SSIGS[0]!, b, XPKS[0]!)).toBe(same(b, MSGS[0]!));
      strata('tweak.privateAdd key', () => tweak.privateAdd(b, HASHES[0]!));
      strata('tweak.privateAdd tweak', () => tweak.privateAdd(KEYS[0]!, b));
      strata('tweak.privateNegate', () => tweak.privateNegate(b));
      strata('tweak.publicAdd key', () => tweak.publicAdd(b, HASHES[0]!));
      strata('tweak.publicAdd tweak', () => tweak.publicAdd(PKS[0]!, b));
      strata('tweak.xOnlyAdd key', () => tweak.xOnlyAdd(b, HASHES[0]!));
      strata('tweak.xOnlyAdd tweak', () => tweak.xOnlyAdd(XPKS[0]!, b));
      strata('tweak.taprootOutputKey key', () => tweak.taprootOutputKey(b));
      strata('tweak.taprootOutputKey root', () => tweak.taprootOutputKey(XPKS[0]!, b));
      strata('tweak.taprootSecretKey key', () => tweak.taprootSecretKey(b));
      strata('tweak.taprootSecretKey root', () => tweak.taprootSecretKey(KEYS[0]!, b));
      for (const parity of [0, 1] as const) {
        neverThrows('tweak.xOnlyAddCheck key', () => tweak.xOnlyAddCheck(b, HASHES[0]!, XPKS[0]!, parity));
        neverThrows('tweak.xOnlyAddCheck tweak', () => tweak.xOnlyAddCheck(XPKS[0]!, b, XPKS[0]!, parity));
        neverThrows('tweak.xOnlyAddCheck tweaked', () => tweak.xOnlyAddCheck(XPKS[0]!, HASHES[0]!, b, parity));
      }
    });
  });

  it('random bytes (fast-check)', () => {
    fuzzAssert(
      fc.property(anyBytes(), anyBytes(), anyBytes(), fc.nat(3), (a, b, c, id) => {
        strata('signatureFromDER', () => ecdsa.signatureFromDER(a));
        strata('recoverPublicKey', () => ecdsa.recoverPublicKey(a, id, b));
        strata('recoverCompact', () => ecdsa.recoverCompact(a, b));
        for (const lowS of [true, false]) neverThrows('ecdsa.verify', () => ecdsa.verify(a, b, c, { lowS }));
        neverThrows('schnorr.verify', () => schnorr.verify(a, b, c));
        const batch = new schnorr.BatchVerifier();
        batch.add(a, b, c);
        batch.add(SSIGS[0]!, MSGS[0]!, XPKS[0]!);
        expect(batch.verifyEach()).toEqual([schnorr.verify(a, b, c), true]);
        neverThrows('tweak.xOnlyAddCheck', () => tweak.xOnlyAddCheck(a, b, c, (id & 1) as 0 | 1));
        strata('tweak.publicAdd', () => tweak.publicAdd(a, b));
        strata('tweak.xOnlyAdd', () => tweak.xOnlyAdd(a, b));
      }),
      300,
    );
  });
});

describe('mutations of valid inputs are never accepted', () => {
  it('ECDSA: signature, DER, hash, key', () => {
    fuzzAssert(
      fc.property(mutated(ESIGS), mutated(HASHES), mutated(PKS), mutated(DERS), (s, h, k, d) => {
        expect(ecdsa.verify(s.bytes, HASHES[s.source]!, PKS[s.source]!, { lowS: false })).toBe(false);
        expect(ecdsa.verify(ESIGS[h.source]!, h.bytes, PKS[h.source]!)).toBe(false);
        // A mutated key may still be a valid encoding of the same point only by changing its form: never here.
        expect(ecdsa.verify(ESIGS[k.source]!, HASHES[k.source]!, k.bytes)).toBe(false);
        const fromDer = strata('signatureFromDER', () => ecdsa.signatureFromDER(d.bytes));
        if (fromDer !== undefined) expect(ecdsa.verify(fromDer, HASHES[d.source]!, PKS[d.source]!, { lowS: false })).toBe(false);
      }),
      200,
    );
  });

  it('recovery: a mutated signature or compact form never recovers the signer', () => {
    fuzzAssert(
      fc.property(mutated(ESIGS, { kinds: ['flip', 'byte'] }), mutated(COMPACTS, { kinds: ['flip', 'byte'] }), (s, c) => {
        const got = strata('recoverPublicKey', () => ecdsa.recoverPublicKey(s.bytes, RECS[s.source]!, HASHES[s.source]!));
        if (got !== undefined) expect(same(got, getPublicKey(KEYS[s.source]!))).toBe(false);
        const r = strata('recoverCompact', () => ecdsa.recoverCompact(c.bytes, HASHES[c.source]!));
        // Flipping the header's compression bit names the other encoding of the same key: not the same bytes.
        if (r !== undefined) expect(same(r.publicKey, getPublicKey(KEYS[c.source]!))).toBe(false);
      }),
      200,
    );
  });

  it('BIP-340: signature, message, key; single and batched', () => {
    fuzzAssert(
      fc.property(mutated(SSIGS), mutated(MSGS.filter((m) => m.length > 0)), mutated(XPKS), (s, m, k) => {
        expect(schnorr.verify(s.bytes, MSGS[s.source]!, XPKS[s.source]!)).toBe(false);
        expect(schnorr.verify(SSIGS[m.source + 1]!, m.bytes, XPKS[m.source + 1]!)).toBe(false);
        expect(schnorr.verify(SSIGS[k.source]!, MSGS[k.source]!, k.bytes)).toBe(false);
        const batch = new schnorr.BatchVerifier();
        batch.add(s.bytes, MSGS[s.source]!, XPKS[s.source]!);
        for (let i = 0; i < KEYS.length; i++) batch.add(SSIGS[i]!, MSGS[i]!, XPKS[i]!);
        expect(batch.verify()).toBe(false);
        expect(batch.verifyEach()).toEqual([false, true, true, true, true]);
      }),
      100,
    );
  });
});

describe('tweaks: a mutated tweaked key or tweak never passes the check', () => {
  const TWEAKED = XPKS.map((x, i) => tweak.xOnlyAdd(x, HASHES[i]!));
  it('xOnlyAddCheck', () => {
    fuzzAssert(
      fc.property(mutated(TWEAKED.map((r) => r.publicKey)), mutated(HASHES), mutated(XPKS), (q, t, x) => {
        expect(tweak.xOnlyAddCheck(XPKS[q.source]!, HASHES[q.source]!, q.bytes, TWEAKED[q.source]!.parity)).toBe(false);
        expect(tweak.xOnlyAddCheck(XPKS[t.source]!, t.bytes, TWEAKED[t.source]!.publicKey, TWEAKED[t.source]!.parity)).toBe(false);
        expect(tweak.xOnlyAddCheck(x.bytes, HASHES[x.source]!, TWEAKED[x.source]!.publicKey, TWEAKED[x.source]!.parity)).toBe(false);
        expect(tweak.xOnlyAddCheck(XPKS[q.source]!, HASHES[q.source]!, TWEAKED[q.source]!.publicKey, TWEAKED[q.source]!.parity)).toBe(true);
      }),
      100,
    );
  });
});

describe('wrong types throw TypeError at once', () => {
  it('arguments', () => {
    fuzzAssert(
      fc.property(notBytes(), (v) => {
        const x = v as Uint8Array;
        typeErrorAtOnce('getPublicKey', () => getPublicKey(x));
        typeErrorAtOnce('ecdsa.sign', () => ecdsa.sign(x, KEYS[0]!));
        typeErrorAtOnce('ecdsa.verify', () => ecdsa.verify(x, HASHES[0]!, PKS[0]!));
        typeErrorAtOnce('ecdsa.recoverPublicKey', () => ecdsa.recoverPublicKey(x, 0, HASHES[0]!));
        typeErrorAtOnce('ecdsa.signatureFromDER', () => ecdsa.signatureFromDER(x));
        typeErrorAtOnce('schnorr.verify', () => schnorr.verify(SSIGS[0]!, x, XPKS[0]!));
        typeErrorAtOnce('schnorr.sign', () => schnorr.sign(MSGS[0]!, x));
        typeErrorAtOnce('BatchVerifier.add', () => new schnorr.BatchVerifier().add(SSIGS[0]!, MSGS[0]!, x));
        typeErrorAtOnce('tweak.privateAdd', () => tweak.privateAdd(KEYS[0]!, x));
        typeErrorAtOnce('tweak.publicAdd', () => tweak.publicAdd(x, HASHES[0]!));
        typeErrorAtOnce('tweak.xOnlyAddCheck', () => tweak.xOnlyAddCheck(XPKS[0]!, HASHES[0]!, x, 0));
        typeErrorAtOnce('tweak.taprootSecretKey', () => tweak.taprootSecretKey(x));
      }),
      100,
    );
  });

  it('options and option values', () => {
    fuzzAssert(
      fc.property(notOptions(), notBoolean(), notBytes(), (o, b, e) => {
        if (o !== undefined) {
          typeErrorAtOnce('getPublicKey options', () => getPublicKey(KEYS[0]!, o as never));
          typeErrorAtOnce('ecdsa.verify options', () => ecdsa.verify(ESIGS[0]!, HASHES[0]!, PKS[0]!, o as never));
          typeErrorAtOnce('ecdsa.sign options', () => ecdsa.sign(HASHES[0]!, KEYS[0]!, o as never));
          typeErrorAtOnce('BatchVerifier options', () => new schnorr.BatchVerifier(o as never));
          typeErrorAtOnce('tweak.publicAdd options', () => tweak.publicAdd(PKS[0]!, HASHES[0]!, o as never));
        }
        if (b !== undefined) {
          typeErrorAtOnce('compressed', () => getPublicKey(KEYS[0]!, { compressed: b as never }));
          typeErrorAtOnce('lowS', () => ecdsa.verify(ESIGS[0]!, HASHES[0]!, PKS[0]!, { lowS: b as never }));
          typeErrorAtOnce('signCompact compressed', () => ecdsa.signCompact(HASHES[0]!, KEYS[0]!, { compressed: b as never }));
          typeErrorAtOnce('tweak.publicAdd compressed', () => tweak.publicAdd(PKS[0]!, HASHES[0]!, { compressed: b as never }));
          typeErrorAtOnce('recover compressed', () => ecdsa.recoverPublicKey(ESIGS[0]!, RECS[0]!, HASHES[0]!, { compressed: b as never }));
        }
        if (e !== undefined) typeErrorAtOnce('extraEntropy', () => ecdsa.sign(HASHES[0]!, KEYS[0]!, { extraEntropy: e as never }));
      }),
      100,
    );
  });
});
