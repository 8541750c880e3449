/** babyJubjub (packages/curves/src/edwards) against the BigInt reference: see generic-suite.ts. */
import { babyJubjub } from '../../src/edwards/index.js';
import { REF } from './common.js';
import { genericDifferentialSuite } from './generic-suite.js';

genericDifferentialSuite(babyJubjub, REF.babyJubjub, { complete: true, arithmeticDomain: 'all' });
