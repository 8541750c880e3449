/** The registry of suites, in run order. Add a new suite here. */
import type { Suite } from '../types.js';
import { fieldSuite } from './field.js';
import { curvesSuite } from './curves.js';
import { ed25519Suite } from './ed25519.js';
import { dleqSuite } from './dleq.js';
import { ringSuite } from './ring.js';
import { ed25519VariantsSuite } from './ed25519-variants.js';

/** Every suite, in the order `pnpm bench` runs them. */
export const SUITES: readonly Suite[] = [fieldSuite, curvesSuite, ed25519Suite, dleqSuite, ringSuite, ed25519VariantsSuite];
