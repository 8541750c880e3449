/** jubjub (packages/curves/src/edwards) against the BigInt reference: see generic-suite.ts. */
import { jubjub } from '../../src/edwards/index.js';
import { REF } from './common.js';
import { genericDifferentialSuite } from './generic-suite.js';

genericDifferentialSuite(jubjub, REF.jubjub, { complete: true, arithmeticDomain: 'all' });
