/// <reference path="../../../../vitest.browser.env.d.ts" />
/**
 * @strata/group in headless Chromium: go-dleq's curve and hash-to-scalar
 * vectors through the adapters, the group laws on a few points, and the
 * README example as written.
 */
import { describe, expect, it } from 'vitest';
import { hex, readVectorJson, toHex } from 'virtual:strata/testkit';
import * as readme from 'virtual:strata/readme/group';
import { ed25519, msmNonConst, secp256k1, type Curve } from '@strata/group';

interface Vectors {
  curves: { name: string; base_point: string; alt_base_point: string }[];
  hash_to_scalar: { curve: string; input: string; output: string }[];
}

const byName = (n: string): Curve => (n === 'ed25519' ? ed25519 : secp256k1);

describe('@strata/group in the browser', () => {
  it('reproduces go-dleq base points and hash_to_scalar vectors', async () => {
    const v = await readVectorJson<Vectors>('go-dleq.json');
    for (const c of v.curves) {
      expect(toHex(byName(c.name).basePoint().toBytes())).toBe(c.base_point);
      expect(toHex(byName(c.name).altBasePoint().toBytes())).toBe(c.alt_base_point);
    }
    for (const h of v.hash_to_scalar) expect(toHex(byName(h.curve).hashToScalar(hex(h.input)).toBytes())).toBe(h.output);
  });

  it('group laws and MSM agree on both curves', () => {
    for (const c of [secp256k1, ed25519]) {
      const a = c.scalarFromInt(11);
      const b = c.scalarFromInt(5);
      const P = c.scalarBaseMult(a);
      const Q = c.altBasePoint();
      expect(P.add(Q).sub(Q).equals(P)).toBe(true);
      expect(c.scalarMult(a.add(b), Q).equals(c.scalarMult(a, Q).add(c.scalarMult(b, Q)))).toBe(true);
      expect(msmNonConst(c, [P, Q], [b, a]).equals(c.scalarMult(b, P).add(c.scalarMult(a, Q)))).toBe(true);
    }
  });
});

describe('README example in the browser', () => {
  it('runs as written and prints what the README shows', async () => {
    expect(readme.expected.length).toBeGreaterThan(0);
    expect(await readme.printed()).toEqual(readme.expected);
  });
});
