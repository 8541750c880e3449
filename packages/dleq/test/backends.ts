/**
 * The `Curve` backends the suites run over: Strata's own (the ones that
 * matter) and the noble-curves oracle of @strata/testkit (an independent
 * oracle).
 */
import type { Curve } from '@strata/group';
import { secp256k1, ed25519 } from '@strata/group';
import { nobleSecp256k1, nobleEd25519 } from '@strata/testkit';

/** A named pair of curves implementing the interface. */
export interface Backend {
  name: string;
  secp256k1: Curve;
  ed25519: Curve;
}

export const strata: Backend = { name: 'strata', secp256k1, ed25519 };
export const noble: Backend = { name: 'noble', secp256k1: nobleSecp256k1, ed25519: nobleEd25519 };
export const backends: readonly Backend[] = [strata, noble];
