/// <reference path="../../../../vitest.browser.env.d.ts" />
/**
 * @strata/ring in headless Chromium, over secp256k1 and ed25519: ring-go's
 * recorded signatures deserialize, re-serialize to the same bytes and verify;
 * every recorded negative case is refused (StrataError or false); every
 * recorded link case links as in Go; fresh rings sign, verify and link; and
 * the README example runs as it stands in the README.
 */
import { describe, expect, it } from 'vitest';
import { hex, readVectorJson, toHex } from 'virtual:strata/testkit';
import * as readme from 'virtual:strata/readme/ring';
import { StrataError } from '@strata/field';
import { secp256k1, ed25519, type Curve } from '@strata/group';
import { Ring, RingSignature, RingCache, link } from '@strata/ring';

interface Sig {
  id: string;
  curve: string;
  ring_size: number;
  message: string;
  serialized: string;
  key_image: string;
  verify: boolean;
}
interface Negative {
  id: string;
  curve: string;
  message: string;
  serialized: string;
  deserialize_ok: boolean;
}
interface LinkCase {
  id: string;
  curve: string;
  link: boolean;
  sig_a: { message: string; serialized: string };
  sig_b: { message: string; serialized: string };
}
interface RingGo {
  sign_verify: Sig[];
  negative: Negative[];
  link: LinkCase[];
}

const curves: Record<string, Curve> = { secp256k1, ed25519 };
const pick = (name: string): Curve => {
  const c = curves[name];
  if (c === undefined) throw new Error(`ring-go vectors: expected secp256k1 or ed25519, got ${name}`);
  return c;
};
const vectors = () => readVectorJson<RingGo>('ring-go.json');

describe('ring in the browser', () => {
  it("ring-go's signatures (the first three of each curve) round-trip and verify", async () => {
    const v = await vectors();
    for (const name of ['secp256k1', 'ed25519']) {
      const cases = v.sign_verify.filter((c) => c.curve === name).slice(0, 3);
      expect(cases.length).toBe(3);
      for (const c of cases) {
        const sig = RingSignature.fromBytes(pick(name), hex(c.serialized));
        expect(toHex(sig.toBytes()), c.id).toBe(c.serialized);
        expect(toHex(sig.keyImage.toBytes()), c.id).toBe(c.key_image);
        expect(sig.verify(hex(c.message)), c.id).toBe(c.verify);
      }
    }
  });

  it("ring-go's negative cases: refused with StrataError, or verify false", async () => {
    const v = await vectors();
    expect(v.negative.length).toBeGreaterThan(0);
    for (const c of v.negative) {
      let sig: RingSignature | undefined;
      try {
        sig = RingSignature.fromBytes(pick(c.curve), hex(c.serialized), { allowTorsion: true });
      } catch (e) {
        expect(e, c.id).toBeInstanceOf(StrataError);
        expect(c.deserialize_ok, c.id).toBe(false);
        continue;
      }
      expect(sig.verify(hex(c.message)), c.id).toBe(false);
    }
  });

  it("ring-go's link cases link exactly as in Go", async () => {
    const v = await vectors();
    expect(v.link.length).toBeGreaterThan(0);
    for (const c of v.link) {
      const a = RingSignature.fromBytes(pick(c.curve), hex(c.sig_a.serialized), { allowTorsion: true });
      const b = RingSignature.fromBytes(pick(c.curve), hex(c.sig_b.serialized), { allowTorsion: true });
      expect(link(a, b), c.id).toBe(c.link);
    }
  });

  for (const [name, curve] of Object.entries(curves)) {
    it(`${name}: a fresh ring signs, verifies and links`, () => {
      const x = curve.newRandomScalar();
      const y = curve.newRandomScalar();
      const others = [1, 2, 3, 4].map(() => curve.scalarBaseMult(curve.newRandomScalar()));
      const ring = Ring.withSigner(curve, [...others, curve.scalarBaseMult(y)], x, 1);
      const message = new Uint8Array(32).fill(7);
      const sig = ring.sign(message, x);
      const cache = new RingCache(4);
      const received = RingSignature.fromBytes(curve, sig.toBytes(), { cache });
      expect(received.verify(message)).toBe(true);
      const other = new Uint8Array(32).fill(8);
      expect(received.verify(other)).toBe(false);
      expect(link(sig, ring.sign(other, x))).toBe(true);
      expect(link(sig, ring.sign(message, y))).toBe(false);
      expect(ring.sign(message, y).verify(message)).toBe(true);
    });
  }
});

describe('README example in the browser', () => {
  it('runs as written and prints what the README shows', async () => {
    expect(readme.expected.length).toBeGreaterThan(0);
    expect(await readme.printed()).toEqual(readme.expected);
  });
});
