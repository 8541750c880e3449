/// <reference path="../../../../vitest.browser.env.d.ts" />
/**
 * @strata/secp256k1-signatures in headless Chromium (once per engine, through
 * the repository's browser suite): every BIP-340 row (signing to the exact
 * bytes, verification single and batched), every case of Wycheproof's Bitcoin
 * ECDSA file (strict DER, low S), ECDSA sign / recover round trips, the `/ecc`
 * module through a BIP-340 taproot-style tweak, the `tweak` namespace's BIP-341
 * output key against `/ecc`, and the README example as it
 * stands in the README.
 */
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { hex, readVectorJson, readVectorText, toHex } from 'virtual:strata/testkit';
import * as readme from 'virtual:strata/readme/secp256k1-signatures';
import { StrataError, getPublicKey } from '@strata/secp256k1-signatures';
import * as ecdsa from '@strata/secp256k1-signatures/ecdsa';
import * as schnorr from '@strata/secp256k1-signatures/schnorr';
import * as tweak from '@strata/secp256k1-signatures/tweak';
import * as ecc from '@strata/secp256k1-signatures/ecc';

describe('secp256k1-signatures in the browser', () => {
  it('BIP-340: every row of test-vectors.csv', async () => {
    const rows = (await readVectorText('bip340', 'test-vectors.csv')).trim().split(/\r?\n/).slice(1).map((l) => l.split(','));
    expect(rows.length).toBe(19);
    const batch = new schnorr.BatchVerifier();
    const want: boolean[] = [];
    for (const [, sk, pk, aux, msg, sig, result] of rows) {
      if (sk !== '') expect(toHex(schnorr.sign(hex(msg!), hex(sk!), hex(aux!)))).toBe(sig!.toLowerCase());
      expect(schnorr.verify(hex(sig!), hex(msg!), hex(pk!))).toBe(result === 'TRUE');
      batch.add(hex(sig!), hex(msg!), hex(pk!));
      want.push(result === 'TRUE');
    }
    expect(batch.verifyEach()).toEqual(want);
    expect(batch.verify()).toBe(false);
  });

  it("Wycheproof's Bitcoin ECDSA file: every case", async () => {
    const file = await readVectorJson<{ testGroups: { publicKey: { uncompressed: string }; tests: { tcId: number; msg: string; sig: string; result: string }[] }[] }>('wycheproof', 'ecdsa_secp256k1_sha256_bitcoin_test.json');
    let n = 0;
    for (const g of file.testGroups) {
      const pk = hex(g.publicKey.uncompressed);
      for (const c of g.tests) {
        let sig: Uint8Array | null = null;
        try {
          sig = ecdsa.signatureFromDER(hex(c.sig));
        } catch (e) {
          expect(e).toBeInstanceOf(StrataError);
        }
        expect(sig !== null && ecdsa.verify(sig, sha256(hex(c.msg)), pk), `tc${c.tcId}`).toBe(c.result === 'valid');
        n++;
      }
    }
    expect(n).toBe(463);
  });

  it('ECDSA sign, verify, recover and the compact form; /ecc agrees', () => {
    for (let i = 1; i <= 8; i++) {
      const d = new Uint8Array(32).fill(i);
      const h = sha256(new Uint8Array([i]));
      const { signature, recovery } = ecdsa.signRecoverable(h, d);
      expect(ecdsa.verify(signature, h, getPublicKey(d))).toBe(true);
      expect(toHex(ecdsa.recoverPublicKey(signature, recovery, h))).toBe(toHex(getPublicKey(d)));
      expect(toHex(ecdsa.recoverCompact(ecdsa.signCompact(h, d), h).publicKey)).toBe(toHex(getPublicKey(d)));
      expect(toHex(ecc.sign(h, d))).toBe(toHex(signature));
      // A BIP-341-style output key: the tweaked secret signs for the tweaked x-only key.
      const t = sha256(new Uint8Array([0x74, i]));
      const tweaked = ecc.xOnlyPointAddTweak(ecc.xOnlyPointFromScalar(d), t)!;
      const dEven = ecc.pointFromScalar(d, true)![0] === 0x03 ? ecc.privateNegate(d) : d;
      const dt = ecc.privateAdd(dEven, t)!;
      expect(toHex(ecc.xOnlyPointFromScalar(dt))).toBe(toHex(tweaked.xOnlyPubkey));
      expect(ecc.xOnlyPointAddTweakCheck(ecc.xOnlyPointFromScalar(d), t, tweaked.xOnlyPubkey, tweaked.parity)).toBe(true);
      expect(ecc.verifySchnorr(h, tweaked.xOnlyPubkey, ecc.signSchnorr(h, dt))).toBe(true);
    }
  });

  it('tweak: the BIP-341 output key and its secret key agree with /ecc, and a key-path signature verifies', () => {
    const tag = sha256(new TextEncoder().encode('TapTweak'));
    for (let i = 1; i <= 8; i++) {
      const d = sha256(Uint8Array.of(i));
      const P = schnorr.getPublicKey(d);
      const Q = tweak.taprootOutputKey(P);
      const t = sha256(Uint8Array.from([...tag, ...tag, ...P]));
      const want = ecc.xOnlyPointAddTweak(P, t)!;
      expect(toHex(Q.publicKey)).toBe(toHex(want.xOnlyPubkey));
      expect(Q.parity).toBe(want.parity);
      expect(tweak.xOnlyAddCheck(P, t, Q.publicKey, Q.parity)).toBe(true);
      expect(tweak.xOnlyAddCheck(P, t, Q.publicKey, (1 - Q.parity) as 0 | 1)).toBe(false);
      const q = tweak.taprootSecretKey(d);
      const m = sha256(q);
      expect(schnorr.verify(schnorr.sign(m, q), m, Q.publicKey)).toBe(true);
      expect(toHex(tweak.publicAdd(getPublicKey(d), t))).toBe(toHex(ecc.pointAddScalar(getPublicKey(d), t, true)!));
    }
    expect(() => tweak.privateAdd(new Uint8Array(32), new Uint8Array(32))).toThrow(StrataError);
  });

  it('the README example prints what the README says', async () => {
    expect(readme.expected.length).toBeGreaterThan(0);
    expect(await readme.printed()).toEqual(readme.expected);
  });
});
