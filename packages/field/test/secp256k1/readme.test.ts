/**
 * The README's example: its code block and printed output are checked to be
 * the ones below, and the same code runs here with assertions on what it
 * prints (the consumer test in scripts/test/ runs the block itself with node).
 */
import { describe, expect, it } from 'vitest';
import { FieldVal, ModNScalar } from '@strata/field';
import { expectReadmeExample, hex, toHex } from '@strata/testkit';

const EXAMPLE = `import { FieldVal, ModNScalar } from '@strata/field';

// secp256k1: recover the generator's y from its x, y² = x³ + 7.
const gx = '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';
const x = new FieldVal();
x.setBytes(Uint8Array.from({ length: 32 }, (_, i) => parseInt(gx.slice(2 * i, 2 * i + 2), 16))); // throws unless x < p
const y = new FieldVal().square(x);               // x², magnitude 1
y.mul(y, x);                                      // x³, magnitude 1
y.add(y, new FieldVal().setInt(7));               // x³ + 7, magnitude 2
const isSquare = y.sqrt(y);                       // normalized root
if (y.isOdd()) y.negate(y, 1).normalize();        // pick the even root
console.log('x³ + 7 is a square:', isSquare);
console.log('G.y =', Array.from(y.toBytes(), (b) => b.toString(16).padStart(2, '0')).join(''));

// Scalars mod the group order n.
const s = new ModNScalar();
console.log('reduced:', s.setBytesReduced(new Uint8Array(32).fill(0xff))); // 2^256 − 1 ≥ n
const inv = new ModNScalar().invertNonConst(s);
console.log('s · s⁻¹ = 1:', inv.mul(inv, s).isOne());
`;

const OUTPUT = `x³ + 7 is a square: true
G.y = 483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8
reduced: true
s · s⁻¹ = 1: true
`;

describe('README secp256k1 example', () => {
  it('is the code block in README.md, with its output', () => {
    expectReadmeExample(import.meta.url, { code: EXAMPLE, output: OUTPUT, fence: 'js' });
  });

  it('recovers G.y from G.x and inverts a scalar', () => {
    const x = new FieldVal();
    expect(x.setBytesReduced(hex('79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'))).toBe(false);
    const y = ((t) => t.mul(t, x))(new FieldVal().square(x));
    y.add(y, new FieldVal().setInt(7));
    const isSquare = y.sqrt(y);
    if (y.isOdd()) y.negate(y, 1).normalize();
    expect(isSquare).toBe(true);
    expect(toHex(y.toBytes())).toBe('483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8');

    const s = new ModNScalar();
    expect(s.setBytesReduced(new Uint8Array(32).fill(0xff))).toBe(true);
    const inv = ((t) => t.invertNonConst(t))(new ModNScalar().set(s));
    expect(inv.mul(inv, s).isOne()).toBe(true);
  });
});
