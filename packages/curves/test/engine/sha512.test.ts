/**
 * SHA-512 on both engines (src/hash/sha512.ts; the WebAssembly kernel
 * wasm/hash/sha512.ts behind the bridge in src/ed25519/wasm.ts) against
 * node:crypto: every length 0 … 300 (every padding case: the length field
 * in the same block or the next), large messages in updates cut at odd
 * places and across the bridge's input area, the FIPS 180-4 examples,
 * hashes interleaved (the module's one state shared), the errors.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, StrataError } from '@strata/field';
import { toHex } from '@strata/testkit';
import { engine } from '../../src/index.js';
import * as hash from '../../src/hash/index.js';
import { under } from './engines.js';

beforeAll(() => {
  expect(engine.initWasmSync({ required: true })).toBe('wasm');
  engine.useEngine('ts');
});
afterAll(() => engine.useEngine('ts'));

const ENGINES: engine.EngineName[] = ['ts', 'wasm'];

const node = (m: Uint8Array): string => createHash('sha512').update(m).digest('hex');

/** Bytes i·a + b (mod 256), a message without long runs. */
function bytes(n: number, a = 31, b = 7): Uint8Array {
  const m = new Uint8Array(n);
  for (let i = 0; i < n; i++) m[i] = (i * a + b) & 255;
  return m;
}

/** Hashes m in updates of the given sizes, cycled until m is used up. */
function chunked(m: Uint8Array, sizes: readonly number[]): string {
  const h = new hash.Sha512();
  for (let off = 0, i = 0; off < m.length; i++) {
    const n = Math.min(sizes[i % sizes.length]!, m.length - off);
    h.update(m.subarray(off, off + n));
    off += n;
  }
  return toHex(h.digest());
}

describe.each(ENGINES)('SHA-512 on the %s engine', (name) => {
  it('every length 0 … 300, one update and bytewise', () => {
    under(name, () => {
      for (let n = 0; n <= 300; n++) {
        const m = bytes(n, 29, n);
        const want = node(m);
        expect(toHex(hash.sha512(m)), `n=${n}`).toBe(want);
        expect(chunked(m, [1]), `n=${n} bytewise`).toBe(want);
        expect(chunked(m, [n === 0 ? 1 : 1 + (n % 7), 127, 3]), `n=${n} cut`).toBe(want);
      }
    });
  });

  it('the FIPS 180-4 examples: "abc", the 896-bit message, one million "a"', () => {
    under(name, () => {
      const enc = (s: string) => new TextEncoder().encode(s);
      expect(toHex(hash.sha512(enc('abc')))).toBe(
        'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
      );
      expect(toHex(hash.sha512(enc('abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu')))).toBe(
        '8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909',
      );
      const a = new Uint8Array(1_000_000).fill(0x61);
      const want = 'e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b';
      expect(toHex(hash.sha512(a))).toBe(want);
      expect(chunked(a, [1000])).toBe(want);
    });
  });

  it('1 MiB and more in one update and in updates cut at odd places (across the input area)', () => {
    under(name, () => {
      for (const n of [1 << 20, (1 << 20) + 111, 61_440 * 3 + 17]) {
        const m = bytes(n, 7, 3);
        const want = node(m);
        expect(toHex(hash.sha512(m))).toBe(want);
        expect(chunked(m, [61_439, 2, 61_441, 1, 100_003])).toBe(want);
        expect(chunked(m, [4093, 129, 65_537])).toBe(want);
      }
    });
  });

  it('hashes in flight at once give their own digests', () => {
    under(name, () => {
      const m1 = bytes(1000, 3, 1);
      const m2 = bytes(70_000, 5, 2);
      const h1 = new hash.Sha512();
      const h2 = new hash.Sha512();
      const h3 = new hash.Sha512();
      for (let off = 0; off < 1000; off += 100) {
        h1.update(m1.subarray(off, off + 100));
        h2.update(m2.subarray(70 * off, 70 * off + 7000));
        new hash.Sha512().update(m1).digest(); // a whole hash in between
      }
      h3.update(m1.subarray(0, 5)); // never finished
      expect(toHex(h2.digest())).toBe(node(m2));
      expect(toHex(h1.digest())).toBe(node(m1));
    });
  });

  it('digest into a buffer at an offset; errors: types, room, a second digest, an update after it', () => {
    under(name, () => {
      const out = new Uint8Array(70).fill(0xee);
      const h = new hash.Sha512().update(bytes(10));
      expect(h.digest(out, 3)).toBe(out);
      expect(toHex(out.subarray(3, 67))).toBe(node(bytes(10)));
      expect([...out.subarray(0, 3), ...out.subarray(67)].every((b) => b === 0xee)).toBe(true);
      const code = (f: () => unknown): string => {
        try {
          f();
        } catch (e) {
          return e instanceof StrataError ? e.code : (e as Error).constructor.name;
        }
        return 'none';
      };
      expect(code(() => h.digest())).toBe(ErrorCode.INVALID_ARGUMENT);
      expect(code(() => h.update(new Uint8Array(1)))).toBe(ErrorCode.INVALID_ARGUMENT);
      expect(code(() => hash.sha512('abc' as unknown as Uint8Array))).toBe('TypeError');
      expect(code(() => new hash.Sha512().update([1, 2] as unknown as Uint8Array))).toBe('TypeError');
      expect(code(() => new hash.Sha512().digest(new Uint8Array(64), 1))).toBe(ErrorCode.BAD_LENGTH);
      expect(code(() => new hash.Sha512().digest([] as unknown as Uint8Array))).toBe('TypeError');
      // A failed digest (no room) leaves the hash usable.
      const g = new hash.Sha512().update(bytes(5));
      expect(code(() => g.digest(new Uint8Array(63)))).toBe(ErrorCode.BAD_LENGTH);
      expect(toHex(g.digest())).toBe(node(bytes(5)));
    });
  });
});

describe('the WebAssembly hasher', () => {
  it('keeps serving a hash started on it after the engine switches, and the reverse', () => {
    const m = bytes(500);
    const hw = under('wasm', () => new hash.Sha512().update(m.subarray(0, 200)));
    const ht = under('ts', () => new hash.Sha512().update(m.subarray(0, 200)));
    under('ts', () => hw.update(m.subarray(200)));
    under('wasm', () => ht.update(m.subarray(200)));
    expect(toHex(hw.digest())).toBe(node(m));
    expect(toHex(ht.digest())).toBe(node(m));
  });
});
