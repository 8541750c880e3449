/// <reference path="../../../../vitest.browser.env.d.ts" />
/**
 * @strata/ed25519-batch in headless Chromium: the RFC 8032 §7 vectors (all
 * three variants) sign to the recorded bytes and verify; Wycheproof and the
 * ZIP-215 small-order set give the same answers through `verify` and
 * `BatchVerifier` in both modes; `PublicKeyCache` serves repeated keys.
 * (Parallel verification on Web Workers: parallel.browser.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { hex, readVectorJson, toHex } from 'virtual:strata/testkit';
import * as readme from 'virtual:strata/readme/ed25519-batch';
// The package's browser entry, as an app imports it (no worker pool, nothing from node:*).
import * as entry from '@strata/ed25519-batch';
import { getPublicKey, sign, verify, BatchVerifier, PublicKeyCache, type VerifyMode } from '@strata/ed25519-batch';

interface Case {
  id: string;
  publicKey: Uint8Array;
  message: Uint8Array;
  signature: Uint8Array;
  zip215: boolean;
  strict: boolean;
}

type Rfc = Record<'ed25519' | 'ed25519ctx' | 'ed25519ph', Array<Record<string, string>>>;

async function wycheproof(): Promise<Case[]> {
  const j = await readVectorJson<{
    testGroups: Array<{ publicKey: { pk: string }; tests: Array<{ tcId: number; msg: string; sig: string; result: string; flags: string[] }> }>;
  }>('wycheproof', 'ed25519_test.json');
  // As in ../helpers.ts: strict = Wycheproof's verdict; ZIP-215 also accepts
  // the one signature whose R is the identity encoded with x = −0.
  const xMinusZeroIdentity = '0100000000000000000000000000000000000000000000000000000000000080';
  return j.testGroups.flatMap((g) =>
    g.tests.map((t) => {
      const strict = t.result === 'valid';
      const negZeroR = t.sig.length === 128 && t.sig.slice(0, 64) === xMinusZeroIdentity;
      return {
        id: `wycheproof tc${t.tcId}`,
        publicKey: hex(g.publicKey.pk),
        message: hex(t.msg),
        signature: hex(t.sig),
        strict,
        zip215: strict || (t.flags.includes('InvalidEncoding') && negZeroR),
      };
    }),
  );
}

async function zip215(): Promise<Case[]> {
  const j = await readVectorJson<{ message_hex: string; cases: Array<{ vk_bytes: string; sig_bytes: string; valid_zip215: boolean }> }>(
    'zip215',
    'ed25519-zebra-small-order.json',
  );
  return j.cases.map((c, i) => ({
    id: `zip215 #${i}`,
    publicKey: hex(c.vk_bytes),
    message: hex(j.message_hex),
    signature: hex(c.sig_bytes),
    zip215: c.valid_zip215,
    strict: false,
  }));
}

describe('ed25519-batch in the browser', () => {
  it('RFC 8032 §7.1–7.3: public keys and signatures are the recorded bytes and verify', async () => {
    const j = await readVectorJson<Rfc>('rfc8032', 'rfc8032-section7.json');
    expect(j.ed25519.length).toBe(5);
    for (const variant of ['ed25519', 'ed25519ctx', 'ed25519ph'] as const) {
      expect(j[variant].length).toBeGreaterThan(0);
      for (const v of j[variant]) {
        const seed = hex(v['secret_key']!);
        const msg = hex(v['message']!);
        const opts = variant === 'ed25519' ? {} : { variant, context: hex(v['context'] ?? '') };
        expect(toHex(getPublicKey(seed)), v['name']).toBe(v['public_key']);
        expect(toHex(sign(msg, seed, opts)), `${variant} ${v['name']}`).toBe(v['signature']);
        for (const mode of ['zip215', 'strict'] as const) {
          expect(verify(hex(v['signature']!), msg, hex(v['public_key']!), { ...opts, mode })).toBe(true);
        }
      }
    }
  });

  it('Wycheproof and the ZIP-215 small-order set: verify and BatchVerifier agree with the expectations, both modes', async () => {
    const cases = [...(await wycheproof()), ...(await zip215())];
    expect(cases.length).toBe(151 + 196);
    for (const mode of ['zip215', 'strict'] as VerifyMode[]) {
      const want = cases.map((c) => (mode === 'zip215' ? c.zip215 : c.strict));
      const single = cases.map((c) => verify(c.signature, c.message, c.publicKey, { mode }));
      expect(single.map((r, i) => (r === want[i] ? '' : cases[i]!.id)).filter((s) => s !== '')).toEqual([]);
      const bv = new BatchVerifier({ mode });
      for (const c of cases) bv.add(c.signature, c.message, c.publicKey);
      expect(bv.verifyEach()).toEqual(want);
      expect(bv.verify()).toBe(false);
    }
  });

  it('BatchVerifier with a PublicKeyCache: one forged entry fails the batch and is found', () => {
    const cache = new PublicKeyCache({ capacity: 16 });
    const seeds = [1, 2, 3].map((i) => new Uint8Array(32).fill(i));
    const pks = seeds.map(getPublicKey);
    const batch = new BatchVerifier({ cache });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < seeds.length; i++) {
        const msg = new TextEncoder().encode(`block ${round}/${i}`);
        batch.add(sign(msg, seeds[i]!), msg, pks[i]!);
      }
    }
    expect(batch.verify()).toBe(true);
    expect(cache.size).toBe(3);
    expect(cache.hits).toBeGreaterThan(0);
    const msg = new TextEncoder().encode('forged');
    batch.add(sign(new TextEncoder().encode('other'), seeds[0]!), msg, pks[0]!);
    expect(batch.verify()).toBe(false);
    expect(batch.verifyEach()).toEqual([true, true, true, true, true, true, false]);
  });
});

describe('the browser entry and the README example', () => {
  it('the main entry resolves to the browser build: no worker pool in it', () => {
    expect(typeof entry.verify).toBe('function');
    expect('verifyBatchParallel' in entry).toBe(false);
  });

  it('the README example runs as written (parallel part on Web Workers) and prints what the README shows', async () => {
    expect(readme.expected.length).toBeGreaterThan(0);
    expect(await readme.printed()).toEqual(readme.expected);
  });
});
