/**
 * Precomputed tables under both engines (issue 21, finding 3): a table can
 * not be changed after it is built, and an object the library did not build
 * is refused the same way by both engines.
 *
 * Per table type (secp256k1 PublicPointTable and SecretPointTable, ed25519
 * PublicPointTable, SecretPointTable and WnafTable):
 * - every write a caller can try after construction (fields replaced,
 *   emptied, cut or deleted, entries changed, width / pieces / row count
 *   changed, the prototype swapped, every typed array reachable from the
 *   table filled) fails or changes nothing: each multiplication over the
 *   table gives the result of the untouched point under both engines, when
 *   the WebAssembly engine used the table before the write (its copy in the
 *   module is cached by identity) and when another table was used last;
 * - a forged object (Object.create of the class's prototype, bare or with a
 *   real table's fields copied onto it; a subclass; the constructor called
 *   by a caller) is refused with the same error under both engines; an
 *   object that does not claim to be a table (a plain object of the same
 *   shape, a table of another kind or of another curve) is a TypeError
 *   under both engines, as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, Scalar25519, StrataError } from '@strata/field';
import { toHex } from '@strata/testkit';
import { engine } from '../../src/index.js';
import * as ed25519 from '../../src/ed25519/index.js';
import * as edwards from '../../src/edwards/index.js';
import * as S from '../../src/secp256k1/index.js';
import { bothEngines, under } from './engines.js';
import { sc } from '../secp256k1/helpers.js';
import { le32 } from './ed25519-helpers.js';

beforeAll(() => {
  expect(engine.initWasmSync({ required: true })).toBe('wasm');
});
afterAll(() => engine.useEngine('ts'));

/** A table seen as a caller who ignores its types sees it: any field may be read or written. */
type Loose = Record<string | symbol, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What a caller observes of f(): the result's encoding, or the error's class, code and message. */
function outcome(f: () => S.JacobianPoint | ed25519.Point): string {
  try {
    const r = f();
    if (r instanceof S.JacobianPoint) return r.isIdentity() ? 'identity' : toHex(S.pointToBytes(r));
    return toHex(r.toBytes());
  } catch (e) {
    const err = e as Error & { code?: string };
    return `${err.constructor.name} ${err.code ?? ''} ${err.message}`;
  }
}

/** Runs a write a caller may try; a TypeError (a frozen object, a field that is not there) is the write failing. */
function attempt(write: () => void): void {
  try {
    write();
  } catch (e) {
    expect(e).toBeInstanceOf(TypeError);
  }
}

/**
 * Every typed array reachable from v through own properties and the getters
 * of its prototype chain (to depth 4): what a caller could write into.
 */
function reachableArrays(v: unknown, depth = 4, seen = new Set<unknown>()): ArrayBufferView[] {
  if (v === null || typeof v !== 'object' || seen.has(v) || depth < 0) return [];
  seen.add(v);
  if (ArrayBuffer.isView(v)) return [v];
  const out: ArrayBufferView[] = [];
  const values: unknown[] = [];
  for (const key of Reflect.ownKeys(v)) values.push((v as Loose)[key]);
  for (let proto = Object.getPrototypeOf(v); proto !== null && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
      if (d.get !== undefined) values.push((v as Loose)[key]);
    }
  }
  for (const x of values) out.push(...reachableArrays(x, depth - 1, seen));
  return out;
}

/** Fills every reachable typed array of t with ones (or ~0). */
function fillReachable(t: object): void {
  for (const a of reachableArrays(t)) {
    if (a instanceof Float64Array) a.fill(1);
    else if (a instanceof Uint32Array || a instanceof Int32Array || a instanceof Uint8Array) a.fill(0xff);
  }
}

/** A named write a caller may try on a table. */
type Write = readonly [name: string, write: (t: Loose) => void];

/** Writes every table type is tried with (each on a fresh table). */
function commonWrites(): Write[] {
  return [
    ['prototype swapped', (t) => Object.setPrototypeOf(t, Object.prototype)],
    ['a field defined over', (t) => Object.defineProperty(t, 'width', { value: 3 })],
    ['every reachable typed array filled', (t) => fillReachable(t)],
    ['the point read back and changed', (t) => (t['point'] as { setIdentity(): void }).setIdentity()],
  ];
}

/**
 * Checks, for each write, on a table made by `make`: the write fails or
 * changes nothing, so every operation `ops(t)` gives its expected outcome
 * under both engines — when the WebAssembly engine used the table just
 * before the write (its cached copy) and when another table (`other`) was
 * used last.
 */
function expectUnchanged<T extends object>(
  make: () => T,
  writes: readonly Write[],
  ops: (t: T) => readonly (() => S.JacobianPoint | ed25519.Point)[],
  expected: readonly string[],
  other: () => void,
): void {
  for (const [name, write] of writes) {
    for (const primed of [true, false]) {
      const t = make();
      if (primed) for (const op of ops(t)) under('wasm', op);
      attempt(() => write(t as Loose));
      ops(t).forEach((op, i) => {
        const [ts, wa] = bothEngines(() => outcome(op));
        expect(wa, `${name} (primed ${primed}) op ${i}: WebAssembly vs TypeScript`).toBe(ts);
        expect(ts, `${name} (primed ${primed}) op ${i}`).toBe(expected[i]);
        const [ts2, wa2] = bothEngines(() => {
          other();
          return outcome(op);
        });
        expect([ts2, wa2], `${name} (primed ${primed}) op ${i} after another table`).toEqual([expected[i], expected[i]]);
      });
    }
  }
}

/** Expects f to throw the same error under both engines, of class `cls` (and code `code`). */
function expectRefused(f: () => S.JacobianPoint | ed25519.Point, cls: typeof TypeError | typeof StrataError, code?: string): void {
  const [ts, wa] = bothEngines(() => outcome(f));
  expect(wa).toBe(ts);
  let err: unknown;
  try {
    under('wasm', f);
  } catch (e) {
    err = e;
  }
  expect(err, ts).toBeInstanceOf(cls);
  if (code !== undefined) expect((err as StrataError).code).toBe(code);
}

/** Forgeries of a table of class C: bare Object.create, Object.create with a real table's own fields, a prototype-swapped copy. */
function forgeries(C: { prototype: object }, real: object): object[] {
  const bare = Object.create(C.prototype) as object;
  const copied = Object.assign(Object.create(C.prototype) as object, { ...real });
  // Every value a caller can read from the real table, as own fields of a forgery.
  const read = Object.create(C.prototype) as Loose;
  for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(C.prototype))) {
    if (d.get !== undefined) Object.defineProperty(read, key, { value: (real as Loose)[key] });
  }
  return [bare, copied, read];
}

/** A plain object with every field and reader value of `real` (no prototype of the class). */
function lookalike(real: object): object {
  const o: Loose = { ...real };
  for (let proto = Object.getPrototypeOf(real); proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
      if (d.get !== undefined && !(key in o)) o[key] = (real as Loose)[key];
    }
  }
  return o;
}

const INVALID = ErrorCode.INVALID_ARGUMENT;

// ---------------------------------------------------------------------------
// secp256k1

const G = S.generator();
const P1 = S.scalarBaseMult(sc(0x1234567890abcdefn));
const P2 = S.scalarBaseMult(sc(0xfedcba987654321n));
const Q = S.scalarBaseMult(sc(777n));
const ka = sc(0x5555_aaaa_1234_5678_9abc_def0_1357_9bdfn * 0x10001n);
const kb = sc((1n << 200n) + 12345n);

/** The secp256k1 operations over a table T of P1 (or P1 itself), with Q and a table of Q. */
function secpOps(T: S.JacobianPoint | S.PublicPointTable, TQ: S.JacobianPoint | S.PublicPointTable): (() => S.JacobianPoint)[] {
  return [
    () => S.scalarMultNonConst(ka, T),
    () => S.doubleScalarMultBaseNonConst(ka, T, kb),
    () => S.doubleScalarMultNonConst(ka, T, kb, Q),
    () => S.doubleScalarMultNonConst(kb, Q, ka, T),
    () => S.doubleScalarMultNonConst(ka, T, kb, TQ),
  ];
}

describe('secp256k1 PublicPointTable under both engines', () => {
  const shapes = [undefined, { width: 8, pieces: 4 }, { width: 2, pieces: 1 }] as const;
  const expected = under('ts', () => secpOps(P1, Q).map(outcome));
  const other = (): void => {
    S.scalarMultNonConst(kb, S.precomputeNonConst(P2));
  };
  const writes: Write[] = [
    ['limbs emptied', (t) => (t['limbs'] = new Uint32Array(0))],
    ['limbs cut to one entry', (t) => (t['limbs'] = (t['limbs'] as Uint32Array).slice(0, 30))],
    ['an entry changed', (t) => ((t['limbs'] as Uint32Array)[31]! ^= 1)],
    ['limbs zeroed in place', (t) => (t['limbs'] as Uint32Array).fill(0)],
    ['limbs deleted', (t) => delete t['limbs']],
    ['width changed down', (t) => (t['width'] = (t['width'] as number) - 1)],
    ['width changed up', (t) => (t['width'] = (t['width'] as number) + 1)],
    ['width out of range', (t) => (t['width'] = 9)],
    ['pieces changed', (t) => (t['pieces'] = (t['pieces'] as number) + 1)],
    ['pieceDigits changed', (t) => (t['pieceDigits'] = 5)],
    ['infinity set', (t) => (t['infinity'] = true)],
    ...commonWrites(),
  ];

  for (const shape of shapes) {
    it(`writes after construction fail or change nothing (${JSON.stringify(shape ?? 'default')})`, () => {
      const TQ = S.precomputeNonConst(Q, shape);
      expectUnchanged(() => S.precomputeNonConst(P1, shape), writes, (t) => secpOps(t, TQ), expected, other);
      // Tables built by the WebAssembly engine (and in a batch) too.
      expectUnchanged(() => under('wasm', () => S.precomputeManyNonConst([P1, P2], shape)[0]!), writes, (t) => secpOps(t, TQ), expected, other);
    });
  }

  it('the table is frozen and its readers say what it is; point is a copy', () => {
    const t = S.precomputeNonConst(P1, { width: 7, pieces: 3 });
    expect(Object.isFrozen(t)).toBe(true);
    expect([t.width, t.pieces, t.pieceDigits, t.infinity, t.byteLength]).toEqual([7, 3, 43, false, 120 * 3 * 32]);
    const p = t.point;
    expect(p.equals(P1)).toBe(true);
    p.setIdentity();
    expect(t.point.equals(P1)).toBe(true);
    const inf = S.precomputeNonConst(new S.JacobianPoint());
    expect([inf.infinity, inf.byteLength, inf.point.isIdentity()]).toEqual([true, 0, true]);
  });

  it('forged tables → StrataError ERR_INVALID_ARGUMENT under both engines, in every operand position', () => {
    const real = S.precomputeNonConst(P1);
    for (const f of forgeries(S.PublicPointTable, real)) {
      const F = f as S.PublicPointTable;
      for (const op of secpOps(F, Q)) expectRefused(op, StrataError, INVALID);
      expectRefused(() => S.doubleScalarMultNonConst(ka, Q, kb, F), StrataError, INVALID);
      expectRefused(() => S.doubleScalarMultNonConst(ka, real, kb, F), StrataError, INVALID);
    }
  });

  it('a caller cannot build a table with the constructor or a subclass', () => {
    const limbs = new Uint32Array(30 * 16);
    const C = S.PublicPointTable as unknown as new (...args: unknown[]) => object;
    expect(() => new C(P1.clone(), limbs, false, 6, 1)).toThrow(TypeError);
    class Sub extends C {}
    expect(() => new Sub(P1.clone(), limbs, false, 6, 1)).toThrow(TypeError);
  });

  it('objects that are not tables (a look-alike, a table of another kind or curve) → TypeError under both engines', () => {
    const real = S.precomputeNonConst(P1);
    const foreign = [lookalike(real), S.precompute(P1), ed25519.precomputeNonConst(ed25519.Point.generator()), ed25519.precompute(ed25519.Point.generator()), ed25519.WnafTable.fromPoint(ed25519.Point.generator()), {}];
    for (const f of foreign) {
      const F = f as S.PublicPointTable;
      for (const op of secpOps(F, Q)) expectRefused(op, TypeError);
      expectRefused(() => S.doubleScalarMultNonConst(ka, Q, kb, F), TypeError);
    }
  });
});

describe('secp256k1 SecretPointTable under both engines', () => {
  const k = sc(0xabcdef0123456789abcdef0123456789abcdefn);
  const expected = [under('ts', () => outcome(() => S.scalarMult(k, P1)))];
  const other = (): void => {
    S.scalarMultTable(kb, S.precompute(P2));
  };
  const writes: Write[] = [
    ['limbs emptied', (t) => (t['limbs'] = new Uint32Array(0))],
    ['limbs cut to one entry', (t) => (t['limbs'] = (t['limbs'] as Uint32Array).slice(0, 20))],
    ['an entry changed', (t) => ((t['limbs'] as Uint32Array)[21]! ^= 1)],
    ['limbs zeroed in place', (t) => (t['limbs'] as Uint32Array).fill(0)],
    ['limbs deleted', (t) => delete t['limbs']],
    ['infinity set', (t) => (t['infinity'] = true)],
    ...commonWrites(),
  ];

  it('writes after construction fail or change nothing', () => {
    const ops = (t: S.SecretPointTable) => [() => S.scalarMultTable(k, t)];
    expectUnchanged(() => S.precompute(P1), writes, ops, expected, other);
    expectUnchanged(() => under('wasm', () => S.precompute(P1)), writes, ops, expected, other);
  });

  it('the table is frozen and its readers say what it is; point is a copy', () => {
    const t = S.precompute(P1);
    expect(Object.isFrozen(t)).toBe(true);
    expect(t.infinity).toBe(false);
    const p = t.point;
    expect(p.equals(P1)).toBe(true);
    p.setIdentity();
    expect(t.point.equals(P1)).toBe(true);
    expect(S.precompute(new S.JacobianPoint()).infinity).toBe(true);
  });

  it('forged tables → StrataError ERR_INVALID_ARGUMENT under both engines; the constructor builds none', () => {
    for (const f of forgeries(S.SecretPointTable, S.precompute(P1))) {
      expectRefused(() => S.scalarMultTable(k, f as S.SecretPointTable), StrataError, INVALID);
    }
    const C = S.SecretPointTable as unknown as new (...args: unknown[]) => object;
    expect(() => new C(P1.clone(), new Uint32Array(832 * 20), false)).toThrow(TypeError);
    class Sub extends C {}
    expect(() => new Sub(P1.clone(), new Uint32Array(832 * 20), false)).toThrow(TypeError);
  });

  it('objects that are not secret tables → TypeError under both engines', () => {
    const real = S.precompute(P1);
    for (const f of [lookalike(real), S.precomputeNonConst(P1), ed25519.precompute(ed25519.Point.generator()), {}]) {
      expectRefused(() => S.scalarMultTable(k, f as S.SecretPointTable), TypeError);
    }
  });
});

// ---------------------------------------------------------------------------
// ed25519

const E1 = ed25519.scalarBaseMult(le32(0x1234567890abcdefn));
const E2 = ed25519.scalarBaseMult(le32(0x0fedcba987654321n));
const EQ = ed25519.scalarBaseMult(le32(4242n));
const ea = le32((1n << 252n) + 0xabcdef987654321n);
const eb = le32(0x1357_9bdf_2468_ace0n << 64n);

type EdOperand = ed25519.Point | ed25519.WnafTable | ed25519.PublicPointTable;

/** The ed25519 operations over an operand T of E1 (or E1 itself), with EQ. */
function edOps(T: EdOperand): (() => ed25519.Point)[] {
  return [
    () => ed25519.scalarMultNonConst(ea, T),
    () => ed25519.doubleScalarMultBaseNonConst(ea, T, eb),
    () => ed25519.doubleScalarMultNonConst(ea, T, eb, EQ),
    () => ed25519.doubleScalarMultNonConst(eb, EQ, ea, T),
    () => ed25519.doubleScalarMultNonConst(ea, T, eb, T),
  ];
}

describe('ed25519 PublicPointTable under both engines', () => {
  const expected = under('ts', () => edOps(E1).map(outcome));
  const other = (): void => {
    ed25519.scalarMultNonConst(eb, ed25519.precomputeNonConst(E2));
    ed25519.doubleScalarMultNonConst(eb, EQ, ea, ed25519.precomputeNonConst(E2, { width: 4, pieces: 2 }));
  };
  const writes: Write[] = [
    ['limbs emptied', (t) => (t['limbs'] = new Float64Array(0))],
    ['limbs cut to one entry', (t) => (t['limbs'] = (t['limbs'] as Float64Array).slice(0, 45))],
    ['an entry changed', (t) => ((t['limbs'] as Float64Array)[46]! += 1)],
    ['limbs zeroed in place', (t) => (t['limbs'] as Float64Array).fill(0)],
    ['limbs deleted', (t) => delete t['limbs']],
    ['width changed down', (t) => (t['width'] = (t['width'] as number) - 1)],
    ['width changed up', (t) => (t['width'] = (t['width'] as number) + 1)],
    ['width out of range', (t) => (t['width'] = 9)],
    ['pieces changed', (t) => (t['pieces'] = (t['pieces'] as number) - 1)],
    ['pieceDigits changed', (t) => (t['pieceDigits'] = 7)],
    ...commonWrites(),
  ];

  for (const shape of [undefined, { width: 8, pieces: 1 }, { width: 3, pieces: 5 }] as const) {
    it(`writes after construction fail or change nothing (${JSON.stringify(shape ?? 'default')})`, () => {
      expectUnchanged(() => ed25519.precomputeNonConst(E1, shape), writes, edOps, expected, other);
      expectUnchanged(() => under('wasm', () => ed25519.precomputeNonConst(E1, shape)), writes, edOps, expected, other);
    });
  }

  it('the table is frozen and its readers say what it is; point is a copy', () => {
    const t = ed25519.precomputeNonConst(E1, { width: 6, pieces: 3 });
    expect(Object.isFrozen(t)).toBe(true);
    expect([t.width, t.pieces, t.pieceDigits, t.byteLength]).toEqual([6, 3, 86, 360 * 3 * 16]);
    const p = t.point;
    expect(p.equals(E1)).toBe(true);
    p.setIdentity();
    expect(t.point.equals(E1)).toBe(true);
    const e = t.entry(0, 0);
    expect(e.yPlusX.equals(new ed25519.PointNiels().setPoint(E1).yPlusX)).toBe(true);
  });

  it('forged tables → StrataError ERR_INVALID_ARGUMENT under both engines, in every operand position', () => {
    const real = ed25519.precomputeNonConst(E1);
    for (const f of forgeries(ed25519.PublicPointTable, real)) {
      for (const op of edOps(f as ed25519.PublicPointTable)) expectRefused(op, StrataError, INVALID);
      expectRefused(() => ed25519.doubleScalarMultNonConst(ea, real, eb, f as ed25519.PublicPointTable), StrataError, INVALID);
    }
  });

  it('a caller cannot build a table with the constructor or a subclass', () => {
    const C = ed25519.PublicPointTable as unknown as new (...args: unknown[]) => object;
    expect(() => new C(E1.clone(), new Float64Array(45 * 4), 9, 1)).toThrow(TypeError);
    class Sub extends C {}
    expect(() => new Sub(E1.clone(), new Float64Array(45 * 8), 5, 1)).toThrow(TypeError);
  });

  it('objects that are not tables (a look-alike, a table of another kind or curve) → TypeError under both engines', () => {
    const real = ed25519.precomputeNonConst(E1);
    for (const f of [lookalike(real), ed25519.precompute(E1), S.precomputeNonConst(P1), S.precompute(P1), G, {}]) {
      for (const op of edOps(f as ed25519.PublicPointTable)) expectRefused(op, TypeError);
    }
  });
});

describe('ed25519 SecretPointTable under both engines', () => {
  const kBytes = le32((1n << 255n) + 0x1234n * 0x10001n); // a 256-bit integer: 33 rows
  const kScalar = Scalar25519.fromBytesReduced(le32(0xdeadbeefn << 180n));
  const expected = under('ts', () => [outcome(() => ed25519.scalarMult(kBytes, E1)), outcome(() => ed25519.scalarMult(kScalar, E1))]);
  const other = (): void => {
    ed25519.scalarMultTable(kScalar, ed25519.precompute(E2));
  };
  const writes: Write[] = [
    ['entries emptied', (t) => (t['entries'] = new Float64Array(0))],
    ['entries cut to one row', (t) => (t['entries'] = (t['entries'] as Float64Array).slice(0, 8 * 45))],
    ['an entry changed', (t) => ((t['entries'] as Float64Array)[50]! += 1)],
    ['entries zeroed in place', (t) => (t['entries'] as Float64Array).fill(0)],
    ['entries deleted', (t) => delete t['entries']],
    ['rowCount down', (t) => (t['rowCount'] = 32)],
    ['rowCount up', (t) => (t['rowCount'] = 34)],
    ...commonWrites(),
  ];

  it('writes after construction fail or change nothing', () => {
    const ops = (t: ed25519.SecretPointTable) => [() => ed25519.scalarMultTable(kBytes, t), () => ed25519.scalarMultTable(kScalar, t)];
    expectUnchanged(() => ed25519.precompute(E1), writes, ops, expected, other);
    expectUnchanged(() => under('wasm', () => ed25519.precompute(E1)), writes, ops, expected, other);
  });

  it('the table is frozen and its readers say what it is; point is a copy', () => {
    const t = ed25519.precompute(E1);
    expect(Object.isFrozen(t)).toBe(true);
    expect(t.rowCount).toBe(33);
    const p = t.point;
    expect(p.equals(E1)).toBe(true);
    p.setIdentity();
    expect(t.point.equals(E1)).toBe(true);
  });

  it('forged tables → StrataError ERR_INVALID_ARGUMENT under both engines; the constructor builds none', () => {
    for (const f of forgeries(ed25519.SecretPointTable, ed25519.precompute(E1))) {
      expectRefused(() => ed25519.scalarMultTable(kScalar, f as ed25519.SecretPointTable), StrataError, INVALID);
      expectRefused(() => ed25519.scalarMultTable(kBytes, f as ed25519.SecretPointTable), StrataError, INVALID);
    }
    const C = ed25519.SecretPointTable as unknown as new (...args: unknown[]) => object;
    expect(() => new C(E1.clone(), new Float64Array(33 * 8 * 45))).toThrow(TypeError);
    class Sub extends C {}
    expect(() => new Sub(E1.clone(), new Float64Array(33 * 8 * 45))).toThrow(TypeError);
  });

  it('objects that are not secret tables → TypeError under both engines', () => {
    const real = ed25519.precompute(E1);
    for (const f of [lookalike(real), ed25519.precomputeNonConst(E1), ed25519.WnafTable.fromPoint(E1), S.precompute(P1), {}]) {
      expectRefused(() => ed25519.scalarMultTable(kScalar, f as ed25519.SecretPointTable), TypeError);
    }
  });
});

describe('ed25519 WnafTable under both engines', () => {
  const expected = under('ts', () => edOps(E1).map(outcome));
  const other = (): void => {
    ed25519.scalarMultNonConst(eb, ed25519.WnafTable.fromPoint(E2, 6));
  };
  const writes: Write[] = [
    ['width changed down', (t) => (t['width'] = (t['width'] as number) - 1)],
    ['width changed up', (t) => (t['width'] = (t['width'] as number) + 1)],
    ['width out of range', (t) => (t['width'] = 9)],
    ['an entry removed', (t) => (t['entries'] as unknown[]).pop()],
    ['entries cut to one', (t) => ((t['entries'] as unknown[]).length = 1)],
    ['entries replaced by an empty array', (t) => (t['entries'] = [])],
    ['entries reordered', (t) => (t['entries'] as unknown[]).reverse()],
    ['an entry replaced by another object', (t) => ((t['entries'] as unknown[])[1] = new ed25519.PointCached())],
    ['prototype swapped', (t) => Object.setPrototypeOf(t, Object.prototype)],
    ['a field defined over', (t) => Object.defineProperty(t, 'width', { value: 3 })],
  ];

  for (const width of [5, 2, 8]) {
    it(`writes to its shape after construction fail or change nothing (width ${width})`, () => {
      expectUnchanged(() => ed25519.WnafTable.fromPoint(E1, width), writes, edOps, expected, other);
    });
  }

  it('the table is refilled in place by setPoint only, and both engines read it afresh', () => {
    const t = ed25519.WnafTable.fromPoint(E2, 6);
    expect(Object.isFrozen(t)).toBe(true);
    expect(Object.isFrozen(t.entries)).toBe(true);
    expect([t.width, t.entries.length]).toEqual([6, 16]);
    under('wasm', () => ed25519.scalarMultNonConst(ea, t));
    t.setPoint(E1);
    edOps(t).forEach((op, i) => expect(bothEngines(() => outcome(op))).toEqual([expected[i], expected[i]]));
  });

  it('forged tables → StrataError ERR_INVALID_ARGUMENT under both engines; a look-alike → TypeError', () => {
    const real = ed25519.WnafTable.fromPoint(E1);
    for (const f of forgeries(ed25519.WnafTable, real)) {
      for (const op of edOps(f as ed25519.WnafTable)) expectRefused(op, StrataError, INVALID);
    }
    for (const op of edOps(lookalike(real) as ed25519.WnafTable)) expectRefused(op, TypeError);
  });
});

describe('edwards curves take no table', () => {
  it('a table of another curve where a point is expected → TypeError under both engines', () => {
    for (const f of [S.precomputeNonConst(P1), S.precompute(P1), ed25519.precomputeNonConst(E1), ed25519.precompute(E1), ed25519.WnafTable.fromPoint(E1)]) {
      const [ts, wa] = bothEngines(() => {
        try {
          edwards.scalarMultNonConst(5n, f as never);
          return 'accepted';
        } catch (e) {
          return `${(e as Error).constructor.name} ${(e as Error).message}`;
        }
      });
      expect(wa).toBe(ts);
      expect(ts).toMatch(/^TypeError/);
      expect(() => edwards.scalarMult(5n, f as never)).toThrow(TypeError);
    }
  });
});
