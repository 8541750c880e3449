/// <reference path="../../../../vitest.browser.env.d.ts" />
/**
 * @strata/dleq in headless Chromium: go-dleq's recorded proofs (both curve
 * orders) deserialize, re-serialize to the same bytes and verify, a tampered
 * one fails, hash-to-scalar matches Go, one fresh proof (ed25519 first, the
 * order the README does not use) round-trips; and the README example, which
 * proves and verifies secp256k1 → ed25519, runs as it stands in the README.
 */
import { describe, expect, it } from 'vitest';
import { hex, readVectorJson, toHex } from 'virtual:strata/testkit';
import * as readme from 'virtual:strata/readme/dleq';
import { generateSecretForCurvesLE, prove, Proof } from '@strata/dleq';
import { secp256k1, ed25519, type Curve } from '@strata/group';

interface GoProof {
  id: string;
  curve_a: string;
  curve_b: string;
  secret: string;
  commitment_a: string;
  commitment_b: string;
  proof: string;
}
interface GoPatched {
  id: string;
  base_case: string;
  proof_patch: { prefix_len: number; middle: string; suffix_len: number };
  deserialize_ok: boolean;
  verify: boolean;
}
interface GoDleq {
  proofs: GoProof[];
  tampered: GoPatched[];
  hash_to_scalar: Array<{ curve: string; input: string; output: string }>;
}

const curves: Record<string, Curve> = { secp256k1, ed25519 };
const pick = (name: string): Curve => {
  const c = curves[name];
  if (c === undefined) throw new Error(`go-dleq vectors: expected secp256k1 or ed25519, got ${name}`);
  return c;
};

describe('dleq in the browser', () => {
  it("go-dleq's proofs (one per curve order) round-trip and verify; a tampered one fails", async () => {
    const v = await readVectorJson<GoDleq>('go-dleq.json');
    const chosen = v.proofs.filter((p) => p.id.endsWith('-0'));
    expect(chosen.length).toBe(2);
    for (const g of chosen) {
      const A = pick(g.curve_a);
      const B = pick(g.curve_b);
      const p = Proof.fromBytes(A, B, hex(g.proof));
      expect(toHex(p.toBytes()), g.id).toBe(g.proof);
      expect(toHex(p.commitmentA.toBytes())).toBe(g.commitment_a);
      expect(toHex(p.commitmentB.toBytes())).toBe(g.commitment_b);
      expect(p.verify(A, B), g.id).toBe(true);
      const x = hex(g.secret);
      expect(toHex(A.scalarBaseMult(A.scalarFromBytesLE(x)).toBytes())).toBe(g.commitment_a);
    }
    const t = v.tampered.find((c) => c.base_case === chosen[0]!.id && c.deserialize_ok);
    expect(t).toBeDefined();
    const base = hex(chosen[0]!.proof);
    const { prefix_len, middle, suffix_len } = t!.proof_patch;
    const patched = new Uint8Array([...base.subarray(0, prefix_len), ...hex(middle), ...base.subarray(base.length - suffix_len)]);
    expect(patched.length).toBe(base.length);
    const tp = Proof.fromBytes(pick(chosen[0]!.curve_a), pick(chosen[0]!.curve_b), patched);
    expect(tp.verify(pick(chosen[0]!.curve_a), pick(chosen[0]!.curve_b)), t!.id).toBe(t!.verify);
    expect(t!.verify).toBe(false);
  });

  it("hash-to-scalar reproduces go-dleq's outputs on both curves", async () => {
    const v = await readVectorJson<GoDleq>('go-dleq.json');
    expect(v.hash_to_scalar.length).toBeGreaterThan(0);
    for (const h of v.hash_to_scalar) {
      expect(toHex(pick(h.curve).hashToScalar(hex(h.input)).toBytes()), `${h.curve} ${h.input}`).toBe(h.output);
    }
  });

  it('proves and verifies ed25519 → secp256k1 (one fresh proof)', () => {
    const secret = generateSecretForCurvesLE(ed25519, secp256k1);
    const proof = prove(ed25519, secp256k1, secret);
    const received = Proof.fromBytes(ed25519, secp256k1, proof.toBytes());
    expect(received.verify(ed25519, secp256k1)).toBe(true);
    expect(received.commitmentA.equals(ed25519.scalarBaseMult(ed25519.scalarFromBytesLE(secret)))).toBe(true);
    expect(received.commitmentB.equals(secp256k1.scalarBaseMult(secp256k1.scalarFromBytesLE(secret)))).toBe(true);
  });
});

describe('README example in the browser', () => {
  it('runs as written and prints what the README shows', async () => {
    expect(readme.expected.length).toBeGreaterThan(0);
    expect(await readme.printed()).toEqual(readme.expected);
  });
});
