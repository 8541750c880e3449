/**
 * Bad proof bytes: truncated, oversized, garbage, points off the curve,
 * non-canonical scalars. `fromBytes` throws a StrataError carrying the
 * byte offset; `verify` returns false; nothing hangs or crashes.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { StrataError } from '@strata/field';
import { bigToBytesLE, hex } from '@strata/testkit';
import { seededRandom } from '@strata/group-testkit';
import { BitProof, Proof, prove } from '../src/index.js';
import { ed25519, secp256k1, type Curve } from '@strata/group';
import { vectors } from './helpers.js';

const P_SECP = 2n ** 256n - 2n ** 32n - 977n;
const L = 2n ** 252n + 27742317777372353535851937790883648493n;

function deserializeError(A: Curve, B: Curve, bytes: Uint8Array): StrataError {
  try {
    Proof.fromBytes(A, B, bytes);
  } catch (e) {
    if (e instanceof StrataError) return e;
    throw e;
  }
  throw new Error('expected deserialize to throw');
}

const base = vectors().proofs.find((p) => p.id === 'secp256k1-ed25519-0')!;
const baseBytes = hex(base.proof);
const baseRev = vectors().proofs.find((p) => p.id === 'ed25519-secp256k1-0')!;
const baseRevBytes = hex(baseRev.proof);
// Layout offsets of (secp256k1, ed25519): 33 + 32 + count byte, then 257-byte bit proofs.
const BIT0 = 66;
const BP = 257;

describe('deserialize: truncation', () => {
  it('every structural boundary and a sample of lengths throw ERR_TRUNCATED with the offset reached', () => {
    const sigA = base.signature_a.length / 2;
    const lengths = new Set<number>([0, 1, 32, 33, 64, 65, 66, BIT0 + 1, BIT0 + BP - 1, BIT0 + BP, BIT0 + 252 * BP - 1]);
    const sigStart = BIT0 + 252 * BP;
    for (const l of [sigStart, sigStart + 1, sigStart + sigA, sigStart + sigA + 1, baseBytes.length - 1]) lengths.add(l);
    const r = seededRandom(11);
    for (let i = 0; i < 40; i++) {
      const b = r(4);
      lengths.add((b[0]! | (b[1]! << 8) | (b[2]! << 16)) % baseBytes.length);
    }
    for (const len of lengths) {
      const e = deserializeError(secp256k1, ed25519, baseBytes.subarray(0, len));
      expect(e.code, `length ${len}`).toBe('ERR_TRUNCATED');
      expect(e.offset).toBeTypeOf('number');
      expect(e.offset!).toBeLessThanOrEqual(len);
      expect(e.message).toMatch(/^proof: expected \d+ more bytes for .+ at offset \d+, got \d+$/);
    }
    // the bit-proof block is checked as a whole up front: a short block fails at the count's end
    expect(deserializeError(secp256k1, ed25519, baseBytes.subarray(0, BIT0 + 100)).offset).toBe(BIT0);
  });

  it('a count byte larger than the data (oversized claim) is ERR_TRUNCATED, fast', () => {
    const b = baseBytes.slice(0, BIT0 + 3 * BP);
    b[BIT0 - 1] = 255;
    const e = deserializeError(secp256k1, ed25519, b);
    expect(e.code).toBe('ERR_TRUNCATED');
    expect(e.offset).toBe(BIT0);
    // a signature length past the end
    const s = baseBytes.slice();
    s[BIT0 + 252 * BP] = 255;
    const e2 = deserializeError(secp256k1, ed25519, s);
    expect(e2.code).toBe('ERR_TRUNCATED');
    expect(e2.offset).toBe(BIT0 + 252 * BP + 1);
  });

  it('count 0 is a typed error (go-dleq panics in Verify)', () => {
    const b = new Uint8Array(BIT0 + 2);
    b.set(baseBytes.subarray(0, BIT0 - 1));
    b[BIT0 - 1] = 0;
    const e = deserializeError(secp256k1, ed25519, b);
    expect(e.code).toBe('ERR_MALFORMED');
    expect(e.offset).toBe(BIT0 - 1);
    // and a hand-built proof with no bit proofs verifies false
    const p = Proof.fromBytes(secp256k1, ed25519, baseBytes);
    const empty = new Proof(p.commitmentA, p.commitmentB, [], p.signatureA, p.signatureB);
    expect(empty.check(secp256k1, ed25519)).toEqual({ ok: false, reason: 'bit-proof-count' });
  });
});

describe('deserialize: bad points and scalars carry their offset', () => {
  it('secp256k1 points: bad prefix, x ≥ p, x off the curve', () => {
    const cases: [number, Uint8Array, string][] = [
      [0, Uint8Array.of(0x04), 'ERR_BAD_FORMAT'],
      [BIT0 + 5 * BP, Uint8Array.of(0x05), 'ERR_BAD_FORMAT'],
      [0, Uint8Array.from([2, ...hexBE(P_SECP)]), 'ERR_X_TOO_BIG'],
      [BIT0 + 7 * BP, Uint8Array.from([3, ...hexBE(P_SECP + 5n)]), 'ERR_X_TOO_BIG'],
      [BIT0, Uint8Array.from([2, ...new Uint8Array(32)]), 'ERR_POINT_NOT_ON_CURVE'],
    ];
    for (const [at, patch, code] of cases) {
      const b = baseBytes.slice();
      b.set(patch, at);
      const e = deserializeError(secp256k1, ed25519, b);
      expect(e.code, `${at}`).toBe(code);
      expect(e.offset).toBe(at);
      expect(e.cause).toBeInstanceOf(StrataError);
    }
  });
  it('ed25519 points: a y with no x', () => {
    // y = 2 is not the y of any point on edwards25519
    const bad = bigToBytesLE(2n, 32);
    for (const at of [33, BIT0 + 33, BIT0 + 100 * BP + 33]) {
      const b = baseBytes.slice();
      b.set(bad, at);
      const e = deserializeError(secp256k1, ed25519, b);
      expect(e.code).toBe('ERR_POINT_NOT_ON_CURVE');
      expect(e.offset).toBe(at);
    }
  });
  it('non-canonical ed25519 scalars (≥ ℓ) are rejected at their offset; secp256k1 scalars ≥ n are reduced (Go)', () => {
    // In (secp256k1, ed25519) the ed25519 scalars of bit proof i are eB, b0, b1.
    const big = bigToBytesLE(L + 1n, 32);
    for (const [field, off] of [['eB', 65 + 32], ['b0', 65 + 128], ['b1', 65 + 160]] as const) {
      const at = BIT0 + 3 * BP + off;
      const b = baseBytes.slice();
      b.set(big, at);
      const e = deserializeError(secp256k1, ed25519, b);
      expect(e.code, field).toBe('ERR_NON_CANONICAL');
      expect(e.offset).toBe(at);
    }
    // a secp256k1 scalar of all ones parses (reduced) and the proof fails verification
    const b = baseBytes.slice();
    b.fill(0xff, BIT0 + 3 * BP + 65, BIT0 + 3 * BP + 97);
    const p = Proof.fromBytes(secp256k1, ed25519, b);
    expect(p.check(secp256k1, ed25519)).toMatchObject({ ok: false, reason: 'invalid-proof', index: 3 });
  });
  it('the (ed25519, secp256k1) order parses ed25519 points first', () => {
    const b = baseRevBytes.slice();
    b.set(bigToBytesLE(2n, 32), 0);
    expect(deserializeError(ed25519, secp256k1, b).offset).toBe(0);
    const c = baseRevBytes.slice();
    c[32] = 7;
    const e = deserializeError(ed25519, secp256k1, c);
    expect(e.code).toBe('ERR_BAD_FORMAT');
    expect(e.offset).toBe(32);
  });
});

describe('garbage and mutations never crash', () => {
  it('random bytes of random lengths: a StrataError or a proof that does not verify', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), fc.boolean(), (bytes, flip) => {
        const [A, B] = flip ? [ed25519, secp256k1] : [secp256k1, ed25519];
        try {
          const p = Proof.fromBytes(A, B, bytes);
          expect(p.verify(A, B)).toBe(false);
        } catch (e) {
          expect(e).toBeInstanceOf(StrataError);
        }
      }),
      { numRuns: 200 },
    );
  });
  it('a valid header followed by garbage is refused', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 300, maxLength: 300 }), (junk) => {
        const b = new Uint8Array(BIT0 + junk.length);
        b.set(baseBytes.subarray(0, BIT0));
        b.set(junk, BIT0);
        expect(() => Proof.fromBytes(secp256k1, ed25519, b)).toThrow(StrataError);
      }),
      { numRuns: 30 },
    );
  });
  it('single-byte mutations of a Strata proof: typed error or verify false', () => {
    const secret = new Uint8Array(32);
    secret.set(seededRandom(5)(31));
    const good = prove(secp256k1, ed25519, secret, { rand: seededRandom(6) }).toBytes();
    fc.assert(
      fc.property(fc.nat({ max: good.length - 1 }), fc.integer({ min: 1, max: 255 }), (at, x) => {
        const b = good.slice();
        b[at]! ^= x;
        let parsed: Proof | undefined;
        try {
          parsed = Proof.fromBytes(secp256k1, ed25519, b);
        } catch (e) {
          expect(e).toBeInstanceOf(StrataError);
          return;
        }
        expect(parsed.verify(secp256k1, ed25519)).toBe(false);
      }),
      { numRuns: 8 },
    );
  });
});

describe('type errors and serialize limits', () => {
  it('wrong argument types throw TypeError at once', () => {
    expect(() => Proof.fromBytes(secp256k1, ed25519, [1, 2, 3] as unknown as Uint8Array)).toThrow(TypeError);
    expect(() => Proof.fromBytes(null as never, ed25519, baseBytes)).toThrow(TypeError);
    expect(() => Proof.fromBytes(secp256k1, 'ed25519' as never, baseBytes)).toThrow(TypeError);
    const p = Proof.fromBytes(secp256k1, ed25519, baseBytes);
    expect(() => p.verify({} as never, ed25519)).toThrow(TypeError);
  });
  it('serialize refuses what the u8 length fields cannot hold', () => {
    const p = Proof.fromBytes(secp256k1, ed25519, baseBytes);
    const many: BitProof[] = [];
    for (let i = 0; i < 256; i++) many.push(p.bitProofs[i % 252]!);
    const tooMany = new Proof(p.commitmentA, p.commitmentB, many, p.signatureA, p.signatureB);
    expect(() => tooMany.toBytes()).toThrow(StrataError);
    const longSig = new Proof(p.commitmentA, p.commitmentB, p.bitProofs, new Uint8Array(256), p.signatureB);
    expect(() => longSig.toBytes()).toThrow(StrataError);
    expect(longSig.verify(secp256k1, ed25519)).toBe(false);
  });
  it('more bit proofs than bits: extra terms enter the sum check as in Go, and fail it', () => {
    const p = Proof.fromBytes(secp256k1, ed25519, baseBytes);
    const extra = new Proof(p.commitmentA, p.commitmentB, [...p.bitProofs, p.bitProofs[0]!], p.signatureA, p.signatureB);
    expect(extra.check(secp256k1, ed25519)).toMatchObject({ ok: false, reason: 'commitment-a' });
    // and it round-trips through the wire format
    expect(Proof.fromBytes(secp256k1, ed25519, extra.toBytes()).bitProofs.length).toBe(253);
  });
});

function hexBE(v: bigint): Uint8Array {
  const out = new Uint8Array(32);
  let x = v % 2n ** 256n;
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return out;
}
