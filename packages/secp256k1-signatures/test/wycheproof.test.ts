/**
 * Every case of Wycheproof's three secp256k1 ECDSA files (C2SP/wycheproof,
 * ../shared/vectors/wycheproof), with the flags honoured:
 *
 * - `ecdsa_secp256k1_sha256_test.json` (DER): strict DER decoding, then
 *   verification that accepts either s (`{ lowS: false }`, the rule this file
 *   is written for). BER encodings (`BerEncodedSignature`) and the other
 *   encoding flags are invalid under BIP-66, as the file says. Under the
 *   default `lowS: true` a valid case stays valid exactly when its s is low.
 * - `…_p1363_test.json`: the 64-byte r ‖ s form, same rules.
 * - `…_bitcoin_test.json`: strict DER and the default low-S rule:
 *   `SignatureMalleabilityBitcoin` cases (high s) are invalid.
 *
 * The message is hashed with SHA-256 (each group's `sha`) and the digest signed.
 */
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { hex, readVectorJson, toHex } from '@strata/testkit';
import { StrataError } from '../src/index.js';
import * as ecdsa from '../src/ecdsa-api.js';

interface Case { tcId: number; comment: string; flags: string[]; msg: string; sig: string; result: 'valid' | 'invalid' | 'acceptable' }
interface File { numberOfTests: number; testGroups: { publicKey: { uncompressed: string }; sha: string; tests: Case[] }[] }

const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

function load(name: string): { file: File; cases: (Case & { pk: Uint8Array })[] } {
  const file = readVectorJson<File>('wycheproof', name);
  const cases = file.testGroups.flatMap((g) => {
    expect(g.sha).toBe('SHA-256');
    return g.tests.map((t) => ({ ...t, pk: hex(g.publicKey.uncompressed) }));
  });
  expect(cases.length).toBe(file.numberOfTests);
  return { file, cases };
}

/** Decodes a DER signature, or null where strict DER refuses it (with a StrataError, never another error). */
function fromDer(sig: Uint8Array): Uint8Array | null {
  try {
    return ecdsa.signatureFromDER(sig);
  } catch (e) {
    expect(e).toBeInstanceOf(StrataError);
    return null;
  }
}

const isHigh = (sig: Uint8Array) => BigInt('0x' + toHex(sig.subarray(32))) > HALF_N;

describe.each([
  ['ecdsa_secp256k1_sha256_test.json', 'der', false],
  ['ecdsa_secp256k1_sha256_p1363_test.json', 'p1363', false],
  ['ecdsa_secp256k1_sha256_bitcoin_test.json', 'der', true],
] as const)('Wycheproof %s', (name, encoding, bitcoin) => {
  const { cases } = load(name);

  it(`every case (${cases.length}) gives its result`, () => {
    let valid = 0;
    for (const c of cases) {
      const raw = hex(c.sig);
      const sig = encoding === 'der' ? fromDer(raw) : raw;
      const h = sha256(hex(c.msg));
      const got = sig !== null && ecdsa.verify(sig, h, c.pk, { lowS: bitcoin });
      expect(c.result, `tc${c.tcId}`).not.toBe('acceptable');
      expect(got, `tc${c.tcId} ${c.comment} [${c.flags.join(', ')}]`).toBe(c.result === 'valid');
      if (got) valid++;
      // The default rule (low S): a valid case stays valid exactly when its s is low.
      if (sig !== null && c.result === 'valid') expect(ecdsa.verify(sig, h, c.pk), `tc${c.tcId} default lowS`).toBe(!isHigh(sig));
      // A DER signature that decodes re-encodes to the same bytes (strict DER has one encoding).
      if (encoding === 'der' && sig !== null) expect(toHex(ecdsa.signatureToDER(sig)), `tc${c.tcId} DER round trip`).toBe(c.sig);
    }
    expect(valid).toBe(cases.filter((c) => c.result === 'valid').length);
  });

  if (bitcoin) {
    it('SignatureMalleabilityBitcoin: the high-S twin verifies with { lowS: false }', () => {
      const flagged = cases.filter((c) => c.flags.includes('SignatureMalleabilityBitcoin'));
      expect(flagged.length).toBeGreaterThan(0);
      for (const c of flagged) {
        const sig = fromDer(hex(c.sig))!;
        expect(isHigh(sig), `tc${c.tcId}`).toBe(true);
        expect(ecdsa.verify(sig, sha256(hex(c.msg)), c.pk, { lowS: false }), `tc${c.tcId}`).toBe(true);
      }
    });
  }

  if (encoding === 'der') {
    it('BER-encoded signatures are refused by strict DER', () => {
      const ber = cases.filter((c) => c.flags.includes('BerEncodedSignature'));
      expect(ber.length).toBeGreaterThan(0);
      for (const c of ber) expect(fromDer(hex(c.sig)), `tc${c.tcId}`).toBeNull();
    });
  }
});
