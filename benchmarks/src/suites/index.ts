/** The registry of suites, in run order. Add a new suite here. */
import type { Suite } from '../types.js';
import { fieldSuite } from './field.js';
import { curvesSuite } from './curves.js';
import { ed25519Suite } from './ed25519.js';
import { dleqSuite } from './dleq.js';
import { ringSuite } from './ring.js';
import { ed25519VariantsSuite } from './ed25519-variants.js';
import { secp256k1SignaturesSuite } from './secp256k1-signatures.js';

/** Every suite, in the order `pnpm bench` runs them. */
// ed25519-variants runs beside ed25519 and before the protocol suites: measured after the ring
// suite (whose noble-curves rows allocate ~224 MB per call), its sign rows came out 3× slower
// than the same suite run alone (654 vs 226 µs per ctx signature) — the heap they inherit, not
// the code.
export const SUITES: readonly Suite[] = [fieldSuite, curvesSuite, ed25519Suite, ed25519VariantsSuite, secp256k1SignaturesSuite, dleqSuite, ringSuite];
