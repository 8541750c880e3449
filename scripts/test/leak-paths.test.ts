/**
 * The timing-leak check's paths (scripts/leak-check/paths.mjs) still fit the
 * packages' APIs, under both engines: `--list` builds every path's inputs
 * from the built dist/, and a tiny run calls every curves and ring path on
 * each engine. (The measurements themselves are not a test: timing on a
 * shared machine is noisy; docs/leak-check.md.)
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = (...args: string[]) =>
  execFileSync(process.execPath, ['--expose-gc', join(root, 'scripts', 'leak-check', 'run.mjs'), ...args], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('leak-check paths', () => {
  it('--list builds every path, the served ones once per engine', async () => {
    const names = run('--list').trim().split('\n').map((l) => l.split('\t')[0]!);
    for (const p of ['curves/secp256k1.scalarBaseMult', 'curves/ed25519.scalarMult', 'curves/edwards.scalarMult bandersnatch', 'curves/edwards.scalarBaseMult babyJubjub', 'ed25519-batch/sign', 'ring/sign ed25519', 'dleq/prove secp256k1×ed25519']) {
      expect(names).toContain(`${p} [ts]`);
      expect(names).toContain(`${p} [wasm]`);
    }
    expect(names).toContain('field/FieldVal.inverse');
    expect(names.filter((n) => n.startsWith('field/')).every((n) => !n.includes('['))).toBe(true);
    for (const p of ['getPublicKey', 'ecdsa.sign', 'ecdsa.sign extraEntropy', 'ecdsa.signRecoverable', 'schnorr.getPublicKey', 'schnorr.sign', 'ecc.pointFromScalar', 'ecc.sign', 'ecc.signSchnorr']) {
      expect(names).toContain(`secp256k1-signatures/${p} [ts]`);
      expect(names).toContain(`secp256k1-signatures/${p} [wasm]`);
    }
    // `once` paths: one row set, no engine suffix.
    for (const p of ['ecc.privateAdd', 'ecc.privateSub', 'ecc.privateNegate']) expect(names).toContain(`secp256k1-signatures/${p}`);
    // The tweak namespace: publicAdd and taprootSecretKey per engine, privateAdd once.
    for (const n of ['tweak.taprootSecretKey [wasm]', 'tweak.taprootSecretKey [ts]', 'tweak.publicAdd [wasm]', 'tweak.publicAdd [ts]', 'tweak.privateAdd']) {
      expect(names, n).toContain(`secp256k1-signatures/${n}`);
    }
  });

  it('every secp256k1-signatures path runs', () => {
    const out = run('--samples', '20', '--only', 'secp256k1-signatures/', '--no-control', '--engine', 'both');
    for (const p of ['ecdsa.sign [ts]', 'schnorr.sign [wasm]', 'ecc.signSchnorr [wasm]', 'ecc.privateNegate']) expect(out).toContain(`secp256k1-signatures/${p}`);
  });

  it('every curves and ring path runs on both engines', () => {
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', join(root, 'scripts', 'leak-check', 'run.mjs'), '--samples', '20', '--only', 'curves/,ring/', '--no-control', '--engine', 'both'],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    for (const p of ['curves/secp256k1.scalarMult', 'curves/ed25519.scalarBaseMult', 'curves/edwards.scalarMult jubjub', 'curves/edwards.scalarBaseMult bandersnatch', 'ring/sign secp256k1']) {
      expect(out).toContain(`${p} [ts]`);
      expect(out).toContain(`${p} [wasm]`);
    }
  });

  it('rejects an unknown engine', () => {
    expect(() => run('--list', '--engine', 'gpu')).toThrow(/--engine: expected ts, wasm or both/);
  });
});
