/**
 * Worker pools verify on the engine their caller selected: every task
 * carries `engine.currentEngine()` of the calling thread, and the worker's
 * `verifyChunk` selects it before verifying (worker-core.ts). Run in this
 * realm, that selection is observable; the results do not depend on it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { engine } from '@strata/curves';
import { packEntries } from '../src/pack.js';
import { verifyChunk } from '../src/worker-core.js';
import { sign, getPublicKey } from '../src/index.js';

const found = engine.currentEngine();
afterEach(() => engine.useEngine(found));

function chunk(): ArrayBuffer {
  const entries = [];
  for (let i = 0; i < 6; i++) {
    const seed = new Uint8Array(32).fill(i + 1);
    const message = new Uint8Array([i, 1, 2, 3]);
    const signature = sign(message, seed);
    if (i === 3) signature[5]! ^= 1; // one invalid entry
    entries.push({ signature, message, publicKey: getPublicKey(seed) });
  }
  return packEntries(entries, entries.map((_, i) => i), new Uint8Array(entries.length));
}

describe('a worker task selects its caller engine', () => {
  it('verifyChunk selects the task engine, and both engines give the same result bytes', () => {
    const buf = chunk();
    const base = { mode: 'zip215' as const, cacheCapacity: 0, cacheMaxBytes: 0 };
    const onWasm = verifyChunk({ ...base, buf: buf.slice(0), engine: 'wasm' });
    expect(engine.currentEngine()).toBe('wasm');
    const onTs = verifyChunk({ ...base, buf: buf.slice(0), engine: 'ts' });
    expect(engine.currentEngine()).toBe('ts');
    expect([...onWasm]).toEqual([1, 1, 1, 0, 1, 1]);
    expect([...onTs]).toEqual([...onWasm]);
  });
});
