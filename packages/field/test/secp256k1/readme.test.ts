/** The README's secp256k1 example, run as written (through the package name). */
import { describe, expect, it } from 'vitest';
import { FieldVal, ModNScalar } from '@strata/field';
import { hex, toHex } from '@strata/testkit';

describe('README secp256k1 example', () => {
  it('recovers G.y from G.x and inverts a scalar', () => {
    const x = new FieldVal();
    expect(x.setBytes(hex('79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'))).toBe(false);
    const y = new FieldVal().squareVal(x).mul(x);
    y.add(new FieldVal().setInt(7));
    const isSquare = y.sqrt();
    if (y.isOdd()) y.negate(1).normalize();
    expect(isSquare).toBe(true);
    expect(toHex(y.bytes())).toBe('483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8');

    const s = new ModNScalar();
    expect(s.setBytes(new Uint8Array(32).fill(0xff))).toBe(true);
    const inv = new ModNScalar().set(s).inverseNonConst();
    expect(inv.mul(s).isOne()).toBe(true);
  });
});
