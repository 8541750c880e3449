/**
 * The main entry under the `node` condition (`index.node.ts`) is the main
 * entry (`index.ts`) plus the parallel functions: every name the browser
 * entry exports, the same objects, and in `schnorr` the same functions.
 */
import { describe, expect, it } from 'vitest';
import * as main from '../src/index.js';
import * as node from '../src/index.node.js';

describe('index.node.ts ⊇ index.ts', () => {
  it('exports every name of the main entry, with the same values (schnorr extended)', () => {
    expect(Object.keys(node).sort()).toEqual(Object.keys(main).sort());
    for (const [name, value] of Object.entries(main)) {
      if (name === 'schnorr') continue;
      expect((node as Record<string, unknown>)[name], name).toBe(value);
    }
    for (const [name, value] of Object.entries(main.schnorr)) expect((node.schnorr as Record<string, unknown>)[name], `schnorr.${name}`).toBe(value);
    expect(typeof node.schnorr.verifyBatchParallel).toBe('function');
    expect(typeof node.schnorr.createVerifierPool).toBe('function');
  });
});
