/**
 * The group backends the tests run over: Strata's adapters and the
 * noble-curves oracle from @strata/testkit.
 */
import { nobleEd25519, nobleSecp256k1 } from '@strata/testkit';
import type { Curve } from '../src/index.js';
import { ed25519, secp256k1 } from '../src/index.js';

/** A named pair of curves implementing the interface. */
export interface Backend {
  name: string;
  secp256k1: Curve;
  ed25519: Curve;
}

export const strata: Backend = { name: 'strata', secp256k1, ed25519 };
export const noble: Backend = { name: 'noble', secp256k1: nobleSecp256k1, ed25519: nobleEd25519 };
export const backends: readonly Backend[] = [strata, noble];
