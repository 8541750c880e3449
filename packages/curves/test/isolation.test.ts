/**
 * Every module of the package works when it is the only one imported: no
 * install-order trick, no hook that another module must fill in first (the
 * ed25519 subgroup check used to be installed into point.ts by
 * scalarmult.ts, so importing point.ts alone left `isTorsionFree` throwing
 * "module not loaded"). Each case starts from an empty module registry
 * (`vi.resetModules()`; vitest also runs each test file in its own module
 * graph), imports one file and uses it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The little-endian bytes of the ed25519 base point's encoding, y = 4/5. */
const ED25519_B = '5866666666666666666666666666666666666666666666666666666666666666';
/** An ed25519 point of order 4: (x, 0) with x² = −1 (y = 0, sign bit set). */
const ED25519_TORSION = '0000000000000000000000000000000000000000000000000000000000000080';
const hex = (s: string): Uint8Array => Uint8Array.from(s.match(/../g)!.map((b) => parseInt(b, 16)));

beforeEach(() => {
  vi.resetModules();
});

describe('each module imported alone', () => {
  for (const file of sources(SRC)) {
    const name = relative(SRC, file);
    it(`${name} loads on its own`, async () => {
      const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      // A module that declares types only (the engine's ABI interfaces) has no runtime export.
      const typesOnly = !/^export (?!interface |type )/m.test(readFileSync(file, 'utf8'));
      expect(Object.keys(mod).length > 0).toBe(!typesOnly);
    });
  }

  it('ed25519/point.ts alone: decode, group law, subgroup and small-order checks', async () => {
    const { Point } = await import('../src/ed25519/point.js');
    const B = Point.fromBytes(hex(ED25519_B));
    expect(B.equals(Point.generator())).toBe(true);
    expect(B.isTorsionFree()).toBe(true);
    expect(B.isSmallOrder()).toBe(false);
    const T = Point.fromBytes(hex(ED25519_TORSION), { zip215: true });
    expect(T.isSmallOrder()).toBe(true);
    expect(T.isTorsionFree()).toBe(false);
    const BT = new Point().add(B, T);
    expect(BT.isTorsionFree()).toBe(false);
    expect(new Point().clearCofactor(BT).equals(new Point().clearCofactor(B))).toBe(true);
    expect(new Point().isTorsionFree()).toBe(true);
  });

  it('ed25519/scalarmult.ts alone: k·B both ways', async () => {
    const { scalarBaseMult, scalarMultNonConst } = await import('../src/ed25519/scalarmult.js');
    const { Point } = await import('../src/ed25519/point.js');
    const k = new Uint8Array(32);
    k[0] = 7;
    expect(scalarBaseMult(k).equals(scalarMultNonConst(k, Point.generator()))).toBe(true);
  });

  it('secp256k1/point.ts alone: the group law', async () => {
    const { JacobianPoint } = await import('../src/secp256k1/point.js');
    const G = new JacobianPoint().setGenerator();
    const G2 = new JacobianPoint().doubleNonConst(G);
    const G3 = new JacobianPoint().addNonConst(G2, G);
    expect(new JacobianPoint().subNonConst(G3, G).equals(G2)).toBe(true);
    expect(new JacobianPoint().addNonConst(G, new JacobianPoint().negate(G)).isIdentity()).toBe(true);
  });

  it('secp256k1/ecmult.ts alone: k·G both ways', async () => {
    const { ModNScalar } = await import('@strata/field');
    const { scalarBaseMultNonConst, scalarMultNonConst } = await import('../src/secp256k1/ecmult.js');
    const { JacobianPoint } = await import('../src/secp256k1/point.js');
    const k = new ModNScalar().setInt(12345);
    expect(scalarBaseMultNonConst(k).equals(scalarMultNonConst(k, new JacobianPoint().setGenerator()))).toBe(true);
  });

  it('edwards/point.ts alone: curve parameters, group law, subgroup checks, encoding', async () => {
    const { EdwardsCurve, PointAffine, PointExtended } = await import('../src/edwards/point.js');
    const { blsFr } = await import('@strata/field');
    // Jubjub's parameters (curves.ts), so that no other module of the package is loaded.
    const curve = EdwardsCurve.create({
      name: 'jubjub',
      field: blsFr,
      a: -1n,
      d: 0x2a9318e74bfa2b48f5fd9207e6bd7fd4292d7f6d37579d2601065fd6d6343eb1n,
      order: 0x0e7db4ea6533afa906673b0101343b00a6682093ccc81082d0970e5ed6f72cb7n,
      cofactor: 8n,
      generator: {
        x: 0x11dafe5d23e1218086a365b99fbf3d3be72f6afd7d1f72623e6b071492d1122bn,
        y: 0x1d523cf1ddab1a1793132e78c866c0c33e26ba5cc220fed7cc3f870e59d292aan,
      },
      encoding: 'parity',
    });
    const G = new PointExtended(curve).setGenerator();
    expect(G.isTorsionFree()).toBe(true);
    expect(G.isExceptionFree()).toBe(true);
    const G3 = new PointExtended(curve).add(G, new PointExtended(curve).double(G));
    expect(PointAffine.fromBytes(curve, G3.toAffine().toBytes()).equals(G3.toAffine())).toBe(true);
  });

  it('edwards/scalarmult.ts alone: k·P and k·G', async () => {
    const { scalarMultNonConst, scalarBaseMultNonConst, scalarMult } = await import('../src/edwards/scalarmult.js');
    const { PointExtended } = await import('../src/edwards/point.js');
    const { jubjub } = await import('../src/edwards/curves.js');
    const G = new PointExtended(jubjub).setGenerator();
    expect(scalarMultNonConst(3n, G).equals(new PointExtended(jubjub).add(G, new PointExtended(jubjub).double(G)))).toBe(true);
    expect(scalarBaseMultNonConst(jubjub, 3n).equals(scalarMultNonConst(3n, G))).toBe(true);
    expect(scalarMult(3n, G).equals(scalarMultNonConst(3n, G))).toBe(true);
  });
});
