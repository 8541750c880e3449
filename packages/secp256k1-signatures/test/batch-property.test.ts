/**
 * Batch ≡ single, as a property (fast-check): for every mix of valid,
 * tampered (bit flips in signature, message or key), s ≥ n, r ≥ p, r or key
 * with no point, wrong-length and swapped-key entries,
 * `verifyEach()[i] === schnorr.verify(...)` and `verify()` is their
 * conjunction; through Straus and Pippenger (forced and automatic, batches
 * past the Pippenger threshold included), and the inputs are copied on `add`.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hex } from '@strata/testkit';
import * as schnorr from '../src/schnorr-api.js';

const N = hex('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
const P = hex('fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f');

/** A pool of signers with their valid signatures of varied messages. */
const pool = Array.from({ length: 12 }, (_, i) => {
  const d = new Uint8Array(32);
  d[0] = i + 1;
  d[31] = 0x5a;
  const message = new Uint8Array(i * 7).fill(i); // lengths 0, 7, …, 77
  return { d, message, publicKey: schnorr.getPublicKey(d), signature: schnorr.sign(message, d, new Uint8Array(32).fill(i)) };
});

type Kind = 'valid' | 'flipSig' | 'flipMsg' | 'flipKey' | 'sHigh' | 'rP' | 'rNoPoint' | 'keyNoPoint' | 'short' | 'otherKey';
const kinds: Kind[] = ['valid', 'flipSig', 'flipMsg', 'flipKey', 'sHigh', 'rP', 'rNoPoint', 'keyNoPoint', 'short', 'otherKey'];

function entry(kind: Kind, i: number, bit: number): { signature: Uint8Array; message: Uint8Array; publicKey: Uint8Array } {
  const e = pool[i % pool.length]!;
  const signature = e.signature.slice();
  let message: Uint8Array = e.message.slice();
  let publicKey: Uint8Array = e.publicKey.slice();
  switch (kind) {
    case 'flipSig': signature[bit % 64]! ^= 1 << (bit % 8); break;
    case 'flipMsg': message = message.length === 0 ? new Uint8Array([1]) : (message[bit % message.length]! ^= 1, message); break;
    case 'flipKey': publicKey[bit % 32]! ^= 1 << (bit % 8); break;
    case 'sHigh': signature.set(N, 32); break;
    case 'rP': signature.set(P, 0); break;
    case 'rNoPoint': signature.set(hex('00'.repeat(31) + '05'), 0); break;
    case 'keyNoPoint': publicKey = hex('00'.repeat(31) + '05'); break;
    case 'short': return { signature: signature.subarray(0, 63), message, publicKey };
    case 'otherKey': publicKey = pool[(i + 1) % pool.length]!.publicKey.slice(); break;
    default: break;
  }
  return { signature, message, publicKey };
}

const mix = (maxLength: number, validWeight: number) =>
  fc.array(
    fc.record({
      kind: fc.oneof({ weight: validWeight, arbitrary: fc.constant<Kind>('valid') }, { weight: 1, arbitrary: fc.constantFrom(...kinds) }),
      i: fc.nat(100),
      bit: fc.nat(511),
    }),
    { maxLength },
  );

function check(items: { kind: Kind; i: number; bit: number }[], options?: ConstructorParameters<typeof schnorr.BatchVerifier>[0]): void {
  const entries = items.map((x) => entry(x.kind, x.i, x.bit));
  const batch = new schnorr.BatchVerifier(options);
  for (const e of entries) batch.add(e.signature, e.message, e.publicKey);
  const single = entries.map((e) => schnorr.verify(e.signature, e.message, e.publicKey));
  expect(batch.size).toBe(entries.length);
  expect(batch.verifyEach()).toEqual(single);
  expect(batch.verify()).toBe(single.every((x) => x));
}

describe('schnorr.BatchVerifier: verifyEach()[i] === schnorr.verify(...)', () => {
  it('random mixes (automatic MSM)', () => {
    fc.assert(fc.property(mix(24, 2), (items) => check(items)), { numRuns: 40 });
  });

  it('mostly valid batches past the Pippenger threshold', () => {
    fc.assert(fc.property(mix(80, 30), (items) => check(items)), { numRuns: 8 });
  });

  it.each(['straus', 'pippenger'] as const)('forced %s', (algorithm) => {
    fc.assert(fc.property(mix(20, 3), (items) => check(items, { msm: { algorithm } })), { numRuns: 12 });
  });

  it('finds one bad entry among 100, and every valid batch passes', () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ kind: (i === 61 ? 'flipMsg' : 'valid') as Kind, i, bit: i }));
    check(items);
    check(items.map((x) => ({ ...x, kind: 'valid' as Kind })));
  });

  it('an empty batch verifies; clear() empties it', () => {
    const b = new schnorr.BatchVerifier();
    expect(b.verify()).toBe(true);
    expect(b.verifyEach()).toEqual([]);
    b.add(new Uint8Array(64), new Uint8Array(0), new Uint8Array(32));
    expect(b.verify()).toBe(false);
    b.clear();
    expect(b.size).toBe(0);
    expect(b.verify()).toBe(true);
  });

  it('reused after clear(): each batch is judged on its own entries (decoded slots are reused)', () => {
    const b = new schnorr.BatchVerifier();
    const run = (kinds: Kind[]): void => {
      b.clear();
      const entries = kinds.map((k, i) => entry(k, i, 3 * i + 1));
      for (const e of entries) b.add(e.signature, e.message, e.publicKey);
      const single = entries.map((e) => schnorr.verify(e.signature, e.message, e.publicKey));
      expect(b.verifyEach()).toEqual(single);
      expect(b.verify()).toBe(single.every((x) => x));
    };
    run(['valid', 'valid', 'valid', 'valid', 'valid']);
    run(['valid', 'valid', 'flipMsg', 'valid', 'keyNoPoint']); // slot 2 fails the equation, slot 4 does not decode
    run(['valid', 'valid', 'valid', 'valid', 'valid', 'valid']); // the same slots valid again, one more
    run(['rNoPoint', 'valid']);
    run(Array.from({ length: 70 }, (_, i) => (i === 4 ? 'flipSig' : 'valid'))); // Pippenger, slots grown
    run(['valid', 'valid', 'valid', 'valid', 'valid']);
  });

  it('copies its inputs on add', () => {
    const e = pool[3]!;
    const sig = e.signature.slice();
    const b = new schnorr.BatchVerifier();
    b.add(sig, e.message, e.publicKey);
    b.add(pool[4]!.signature, pool[4]!.message, pool[4]!.publicKey);
    sig[5]! ^= 1;
    expect(b.verifyEach()).toEqual([true, true]);
  });
});
