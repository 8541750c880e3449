/**
 * The entries of the package. `@strata/secp256k1-signatures/schnorr` under
 * the `node` condition (`schnorr-api.node.ts`) is the browser namespace
 * (`schnorr-api.ts`) plus the parallel functions: every name, the same
 * objects (and `shutdown`, `poolInfo`, `workerFileUrl`). The main entry re-exports no scheme namespace: a bundler keeps
 * every member of a re-exported namespace, so each scheme has its subpath
 * (`/ecdsa`, `/schnorr`, `/tweak`) and an app bundles the scheme it calls.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as main from '../src/index.js';
import * as schnorr from '../src/schnorr-api.js';
import * as schnorrNode from '../src/schnorr-api.node.js';

describe('schnorr-api.node.ts ⊇ schnorr-api.ts', () => {
  it('exports every name of the browser namespace, with the same values, plus the parallel functions', () => {
    for (const [name, value] of Object.entries(schnorr)) expect((schnorrNode as Record<string, unknown>)[name], `schnorr.${name}`).toBe(value);
    expect(Object.keys(schnorrNode).sort()).toEqual([...Object.keys(schnorr), 'createVerifierPool', 'poolInfo', 'shutdown', 'verifyBatchParallel', 'workerFileUrl'].sort());
    expect(typeof schnorrNode.verifyBatchParallel).toBe('function');
    expect(typeof schnorrNode.createVerifierPool).toBe('function');
  });
});

describe('the main entry', () => {
  it('has the keys and the error class, and no scheme namespace', () => {
    expect(Object.keys(main).sort()).toEqual(['ErrorCode', 'SECRET_KEY_LEN', 'StrataError', 'getPublicKey', 'randomSecretKey']);
  });

  it('package.json maps each scheme subpath to its namespace module, schnorr with its node variant', () => {
    const exp = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> }).exports;
    expect(exp['./ecdsa']).toEqual({ types: './dist/ecdsa-api.d.ts', '@strata/source': './src/ecdsa-api.ts', default: './dist/ecdsa-api.js' });
    expect(exp['./tweak']).toEqual({ types: './dist/tweak-api.d.ts', '@strata/source': './src/tweak-api.ts', default: './dist/tweak-api.js' });
    expect(exp['./schnorr']).toEqual({
      '@strata/source': { node: './src/schnorr-api.node.ts', default: './src/schnorr-api.ts' },
      node: { types: './dist/schnorr-api.node.d.ts', default: './dist/schnorr-api.node.js' },
      types: './dist/schnorr-api.d.ts',
      default: './dist/schnorr-api.js',
    });
  });
});
