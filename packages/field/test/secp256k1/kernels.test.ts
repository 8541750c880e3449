/**
 * The unrolled kernels in field.ts / scalar.ts are exactly what the
 * generators in kernelgen.ts emit (no hand edits, no drift).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fieldKernels, scalarKernels } from './kernelgen.js';

const src = (name: string) => readFileSync(fileURLToPath(new URL(`../../src/secp256k1/${name}`, import.meta.url)), 'utf8');

describe('generated kernels', () => {
  it('field.ts contains the generated mulLimbs / sqrLimbs / sqrDigits / mulDigits', () => {
    const k = fieldKernels();
    expect(k).toContain('function mulLimbs(');
    expect(k).toContain('function sqrLimbs(');
    expect(k).toContain('function sqrDigits(');
    expect(k).toContain('function mulDigits(');
    expect(src('field.ts').includes(k)).toBe(true);
  });

  it('scalar.ts contains the generated mulModN / sqrModN / mulRsh320Round', () => {
    const { mulSqr, rsh } = scalarKernels();
    expect(mulSqr).toContain('function mulModN(');
    expect(src('scalar.ts').includes(mulSqr)).toBe(true);
    expect(src('scalar.ts').includes(rsh)).toBe(true);
  });
});
