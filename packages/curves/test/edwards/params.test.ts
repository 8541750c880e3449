/**
 * Curve parameters against /work/shared/vectors/twisted-edwards/params.json,
 * the frozen-singleton contract, and the validating constructor.
 */
import { describe, expect, it } from 'vitest';
import { readVectorJson } from '@strata/testkit';
import { blsFr, bn254Fr, ErrorCode, PrimeField } from '@strata/field';
import { jubjub, bandersnatch, babyJubjub, EdwardsCurve, PointExtended, BABYJUBJUB_FULL_GENERATOR, JUBJUB_FULL_GENERATOR } from '../../src/edwards/index.js';
import { errCode, pt } from './helpers.js';

type Num = { dec: string; hex: string };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const params = readVectorJson<any>('twisted-edwards', 'params.json').curves;
const big = (n: Num) => BigInt(n.dec);

describe('twisted Edwards parameters match params.json', () => {
  it('jubjub', () => {
    const j = params.jubjub;
    expect(jubjub.F).toBe(blsFr);
    expect(jubjub.F.p).toBe(big(j.base_field_modulus_q));
    expect(jubjub.a).toBe(big(j.a));
    expect(jubjub.d).toBe(big(j.d));
    expect(jubjub.order).toBe(big(j.subgroup_order_r));
    expect(jubjub.cofactor).toBe(BigInt(j.cofactor));
    expect(jubjub.cofactor * jubjub.order).toBe(big(j.curve_order));
    const g = j.generators.arkworks_GENERATOR;
    expect(jubjub.generator).toEqual({ x: big(g.x), y: big(g.y) });
    const fg = j.generators.zkcrypto_FULL_GENERATOR_and_AffinePoint_generator;
    expect(JUBJUB_FULL_GENERATOR).toEqual({ x: big(fg.u), y: big(fg.v) });
    // gnark's base is another order-r point on the same curve.
    const gb = pt(jubjub, big(j.generators.gnark_Base.x), big(j.generators.gnark_Base.y));
    expect(gb.isTorsionFree()).toBe(true);
    expect(jubjub.aIsMinusOne).toBe(true);
    expect(jubjub.complete).toBe(true);
    expect(jubjub.encoding).toBe('parity');
  });

  it('bandersnatch (with GLV constants)', () => {
    const b = params.bandersnatch;
    expect(bandersnatch.F).toBe(blsFr);
    expect(bandersnatch.a).toBe(big(b.a));
    expect(bandersnatch.d).toBe(big(b.d));
    expect(bandersnatch.order).toBe(big(b.subgroup_order_r));
    expect(bandersnatch.cofactor).toBe(BigInt(b.cofactor));
    expect(bandersnatch.cofactor * bandersnatch.order).toBe(big(b.curve_order));
    const g = b.generators['arkworks_TE_GENERATOR = gnark_Base'];
    expect(bandersnatch.generator).toEqual({ x: big(g.x), y: big(g.y) });
    const e = b.glv_endomorphism_gnark;
    expect(bandersnatch.glv?.endo0).toBe(big(e.endo0));
    expect(bandersnatch.glv?.endo1).toBe(big(e.endo1));
    expect(bandersnatch.glv?.lambda).toBe(big(e.lambda));
    const r = bandersnatch.order, l = big(e.lambda);
    expect((l * l + 2n) % r).toBe(0n);
    const B = bandersnatch.glv!.basis;
    expect((B.a1 + B.b1 * l) % r).toBe(0n);
    expect((B.a2 + B.b2 * l) % r).toBe(0n);
    expect(B.det === r || B.det === -r).toBe(true);
    for (const v of [B.a1, B.b1, B.a2, B.b2]) expect((v < 0n ? -v : v) < 1n << 128n).toBe(true);
    expect(bandersnatch.complete).toBe(false);
    expect(bandersnatch.aIsMinusOne).toBe(false);
  });

  it('babyJubjub is the EIP-2494 / circomlibjs standard form', () => {
    const s = params.babyjubjub;
    const f = s.forms.standard_EIP2494_circomlibjs;
    expect(babyJubjub.F).toBe(bn254Fr);
    expect(babyJubjub.F.p).toBe(big(s.base_field_modulus_q));
    expect(babyJubjub.a).toBe(168700n);
    expect(babyJubjub.d).toBe(168696n);
    expect(babyJubjub.a).toBe(big(f.a));
    expect(babyJubjub.d).toBe(big(f.d));
    expect(babyJubjub.order).toBe(big(s.subgroup_order_l));
    expect(babyJubjub.cofactor * babyJubjub.order).toBe(big(s.curve_order_n));
    expect(babyJubjub.generator).toEqual({ x: big(f.Base8_B.x), y: big(f.Base8_B.y) });
    expect(BABYJUBJUB_FULL_GENERATOR).toEqual({ x: big(f.Generator_G.x), y: big(f.Generator_G.y) });
    const G = pt(babyJubjub, BABYJUBJUB_FULL_GENERATOR.x, BABYJUBJUB_FULL_GENERATOR.y).toExtended();
    expect(G.clone().clearCofactor(G).equals(new PointExtended(babyJubjub).setGenerator())).toBe(true);
    // The reduced (a = −1) gnark form and arkworks' a = 1 form are other curves: their points are not on ours.
    const red = s.forms.reduced_EIP2494_gnark.Base;
    expect(errCode(() => pt(babyJubjub, big(red.x), big(red.y)))).toBe(ErrorCode.POINT_NOT_ON_CURVE);
    const ark = s.forms.arkworks_ed_on_bn254.GENERATOR;
    expect(errCode(() => pt(babyJubjub, big(ark.x), big(ark.y)))).toBe(ErrorCode.POINT_NOT_ON_CURVE);
    expect(babyJubjub.complete).toBe(true);
    expect(babyJubjub.encoding).toBe('lexsign');
  });

  it('params are frozen singletons; create() returns the cached instance', () => {
    for (const c of [jubjub, bandersnatch, babyJubjub]) {
      expect(Object.isFrozen(c)).toBe(true);
      expect(Object.isFrozen(c.generator)).toBe(true);
      expect(() => { (c as unknown as { a: bigint }).a = 1n; }).toThrow(TypeError);
      expect(c.F.equals(c.aM, c.F.setBigInt(c.F.create(), c.a))).toBe(true);
      // Reading a param twice yields the same object (no getter allocating).
      expect(c.dM).toBe(c.dM);
      expect(c.s).toBe(c.s);
    }
    expect(EdwardsCurve.create({
      name: 'jubjub', field: blsFr, a: -1n, d: jubjub.d, order: jubjub.order, cofactor: 8n, generator: jubjub.generator, encoding: 'parity',
    })).toBe(jubjub);
    expect(errCode(() => EdwardsCurve.create({
      name: 'jubjub', field: blsFr, a: -1n, d: jubjub.d, order: jubjub.order, cofactor: 8n, generator: jubjub.generator, encoding: 'lexsign',
    }))).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(errCode(() => EdwardsCurve.create({
      name: 'babyJubjub', field: bn254Fr, a: -1n, d: babyJubjub.d, order: babyJubjub.order, cofactor: 8n, generator: babyJubjub.generator, encoding: 'lexsign',
    }))).toBe(ErrorCode.INVALID_ARGUMENT);
  });

  it('the constructor validates parameters', () => {
    const ok = {
      field: blsFr, a: -1n, d: jubjub.d, order: jubjub.order, cofactor: 8n,
      generator: jubjub.generator, encoding: 'parity' as const,
    };
    let n = 0;
    const mk = (over: Partial<typeof ok>) => () => EdwardsCurve.create({ ...ok, ...over, name: `bad-${n++}` });
    expect(mk({})().order).toBe(jubjub.order);
    expect(errCode(mk({ generator: { x: jubjub.generator.x, y: jubjub.generator.y + 1n } }))).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(errCode(mk({ generator: { x: 0n, y: 1n } }))).toBe(ErrorCode.INVALID_ARGUMENT); // identity
    expect(errCode(mk({ generator: { x: blsFr.p, y: 1n } }))).toBe(ErrorCode.INVALID_ARGUMENT); // not canonical
    // The full-group generator has order 8r, so r·G ≠ O.
    expect(errCode(mk({ generator: JUBJUB_FULL_GENERATOR }))).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(errCode(mk({ cofactor: 6n }))).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(errCode(mk({ cofactor: 2n }))).toBe(ErrorCode.INVALID_ARGUMENT); // Hasse bound
    expect(errCode(mk({ order: jubjub.order + 2n }))).toBe(ErrorCode.INVALID_ARGUMENT); // not prime / wrong
    expect(errCode(mk({ a: jubjub.d }))).toBe(ErrorCode.INVALID_ARGUMENT); // a = d
    expect(errCode(mk({ d: 0n }))).toBe(ErrorCode.INVALID_ARGUMENT);
    expect(errCode(mk({ field: PrimeField.create((1n << 127n) - 1n) }))).toBe(ErrorCode.INVALID_ARGUMENT); // field too small
    expect(errCode(mk({ order: 1n << 256n }))).toBe(ErrorCode.INVALID_ARGUMENT);
    const glvBad = { endo0: bandersnatch.glv!.endo0, endo1: bandersnatch.glv!.endo1, lambda: bandersnatch.order - bandersnatch.glv!.lambda };
    expect(errCode(() => EdwardsCurve.create({
      name: 'bad-glv', field: blsFr, a: -5n, d: bandersnatch.d, order: bandersnatch.order, cofactor: 4n,
      generator: bandersnatch.generator, encoding: 'lexsign', glv: glvBad,
    }))).toBe(ErrorCode.INVALID_ARGUMENT);
  });
});
