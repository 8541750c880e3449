/**
 * SHA3-256 and SHA3-512 on both engines (src/hash/sha3.ts; the
 * WebAssembly kernel wasm/hash/sha3.ts behind the bridge in
 * src/ed25519/wasm.ts) against node:crypto and @noble/hashes: every length
 * 0 … 300 (every padding case of both rates: the 0x06 and 0x80 pad bytes in
 * one byte, in the same block, across a block), lengths around the
 * bridge's input area, 1 MiB and more (absorbed in chunks), the FIPS 202
 * examples, a SHA-512 hash in flight across SHA-3 calls, the input area
 * wiped, the errors.
 */
import { createHash } from 'node:crypto';
import { sha3_256 as nobleSha3_256, sha3_512 as nobleSha3_512 } from '@noble/hashes/sha3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, StrataError } from '@strata/field';
import { toHex } from '@strata/testkit';
import { engine } from '../../src/index.js';
import * as hash from '../../src/hash/index.js';
import { under } from './engines.js';
import { moduleBytes, wrap } from '../../src/engine/load.js';
import { wasmEd25519Backend } from '../../src/ed25519/wasm.js';

beforeAll(() => {
  expect(engine.initWasmSync({ required: true })).toBe('wasm');
  engine.useEngine('ts');
});
afterAll(() => engine.useEngine('ts'));

const ENGINES: engine.EngineName[] = ['ts', 'wasm'];

const node = (alg: string, m: Uint8Array): string => createHash(alg).update(m).digest('hex');

/** Bytes i·a + b (mod 256), a message without long runs. */
function bytes(n: number, a = 31, b = 7): Uint8Array {
  const m = new Uint8Array(n);
  for (let i = 0; i < n; i++) m[i] = (i * a + b) & 255;
  return m;
}

describe.each(ENGINES)('SHA-3 on the %s engine', (name) => {
  it('every length 0 … 300 against node:crypto and @noble/hashes', () => {
    under(name, () => {
      for (let n = 0; n <= 300; n++) {
        const m = bytes(n, 29, n);
        const d256 = toHex(hash.sha3_256(m));
        const d512 = toHex(hash.sha3_512(m));
        expect(d256, `n=${n} sha3-256`).toBe(node('sha3-256', m));
        expect(d256, `n=${n} sha3-256 noble`).toBe(toHex(nobleSha3_256(m)));
        expect(d512, `n=${n} sha3-512`).toBe(node('sha3-512', m));
        expect(d512, `n=${n} sha3-512 noble`).toBe(toHex(nobleSha3_512(m)));
      }
    });
  });

  it('around the input area (2448 bytes) and 1 MiB and more, absorbed in chunks', () => {
    under(name, () => {
      for (const n of [2447, 2448, 2449, 2 * 2448, 2 * 2448 + 1, 1 << 20, (1 << 20) + 111]) {
        const m = bytes(n, 7, 3);
        expect(toHex(hash.sha3_256(m)), `n=${n}`).toBe(node('sha3-256', m));
        expect(toHex(hash.sha3_512(m)), `n=${n}`).toBe(node('sha3-512', m));
      }
    });
  });

  it('the FIPS 202 examples: the empty message, "abc"', () => {
    under(name, () => {
      const abc = new TextEncoder().encode('abc');
      expect(toHex(hash.sha3_256(new Uint8Array(0)))).toBe('a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a');
      expect(toHex(hash.sha3_256(abc))).toBe('3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532');
      expect(toHex(hash.sha3_512(abc))).toBe(
        'b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0',
      );
    });
  });

  it('a SHA-512 hash in flight across SHA-3 calls keeps its state', () => {
    under(name, () => {
      const m = bytes(5000, 3, 1);
      const h = new hash.Sha512().update(m.subarray(0, 1234));
      expect(toHex(hash.sha3_512(m))).toBe(node('sha3-512', m));
      h.update(m.subarray(1234));
      expect(toHex(hash.sha3_256(m.subarray(0, 77)))).toBe(node('sha3-256', m.subarray(0, 77)));
      expect(toHex(h.digest())).toBe(node('sha512', m));
    });
  });

  it('digest into a buffer at an offset; errors: types, room', () => {
    under(name, () => {
      const out = new Uint8Array(70).fill(0xee);
      expect(hash.sha3_512(bytes(10), out, 3)).toBe(out);
      expect(toHex(out.subarray(3, 67))).toBe(node('sha3-512', bytes(10)));
      expect([...out.subarray(0, 3), ...out.subarray(67)].every((b) => b === 0xee)).toBe(true);
      const o2 = new Uint8Array(33);
      expect(toHex(hash.sha3_256(bytes(9), o2, 1).subarray(1))).toBe(node('sha3-256', bytes(9)));
      const code = (f: () => unknown): string => {
        try {
          f();
        } catch (e) {
          return e instanceof StrataError ? e.code : (e as Error).constructor.name;
        }
        return 'none';
      };
      expect(code(() => hash.sha3_256('abc' as unknown as Uint8Array))).toBe('TypeError');
      expect(code(() => hash.sha3_512([1, 2] as unknown as Uint8Array))).toBe('TypeError');
      expect(code(() => hash.sha3_256(bytes(1), new Uint8Array(32), 1))).toBe(ErrorCode.BAD_LENGTH);
      expect(code(() => hash.sha3_512(bytes(1), new Uint8Array(63)))).toBe(ErrorCode.BAD_LENGTH);
      expect(code(() => hash.sha3_512(bytes(1), [] as unknown as Uint8Array))).toBe('TypeError');
    });
  });
});

describe('the WebAssembly SHA-3 kernel', () => {
  it('wipes its input area and digest after each hash; its areas stay clear of SHA-512\'s', () => {
    const k = wrap(new WebAssembly.Instance(new WebAssembly.Module(moduleBytes()), {}).exports);
    const be = wasmEd25519Backend(k);
    const e = k.exports;
    const input = e.SHA3_INPUT.value;
    const max = e.SHA3_INPUT_MAX.value;
    const digest = e.SHA3_DIGEST.value;
    expect(max % 136).toBe(0);
    expect(max % 72).toBe(0);
    expect(input + max).toBeLessThanOrEqual(e.SHA512_INPUT.value);
    expect(digest + 64).toBeLessThanOrEqual(input);
    expect(digest).toBeGreaterThanOrEqual(e.SHA512_STATE.value + e.SHA512_STATE_BYTES.value);
    for (const n of [100, 3000]) {
      const m = bytes(n, 11, 5);
      const out = new Uint8Array(64);
      be.sha3(m, 72, 64, out, 0);
      expect(toHex(out)).toBe(node('sha3-512', m));
      expect(k.u8.subarray(input, input + max).every((b) => b === 0)).toBe(true);
      expect(k.u8.subarray(digest, digest + 64).every((b) => b === 0)).toBe(true);
    }
  });
});
