/**
 * The group conformance suite (`groupConformance` from @strata/testkit) over
 * every backend in the repository: Strata's secp256k1 (both hash rules) and
 * ed25519 adapters, and the noble-curves oracle.
 */
import { hex } from '@strata/testkit';
import { groupConformance, nobleBackendEnabled, nobleEd25519, nobleSecp256k1 } from '@strata/group-testkit';
import { babyJubjub, bandersnatch, ed25519, jubjub, secp256k1, secp256k1Reduced } from '../src/index.js';

/** secp256k1 encodings that are not points: bad prefixes, x ≥ p, x with no y. */
const secpInvalid = [
  hex('04' + '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'),
  hex('00' + '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798'),
  hex('02' + 'fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f'),
  hex('02' + 'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff'),
  hex('02' + '0000000000000000000000000000000000000000000000000000000000000005'),
  hex('02' + '0000000000000000000000000000000000000000000000000000000000000000'),
];
/** ed25519 encodings that are not points (y with no x), and scalars ≥ ℓ. */
const edInvalid = [hex('0200000000000000000000000000000000000000000000000000000000000000')];
const edInvalidScalars = [
  hex('edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010'),
  hex('ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff'),
];

groupConformance(secp256k1, { label: 'secp256k1 (strata)', invalidPoints: secpInvalid });
groupConformance(secp256k1Reduced, { label: 'secp256k1 libsecp256k1 rule (strata)', invalidPoints: secpInvalid, seed: 2 });
groupConformance(ed25519, { label: 'ed25519 (strata)', invalidPoints: edInvalid, invalidScalars: edInvalidScalars });
if (nobleBackendEnabled()) {
  groupConformance(nobleSecp256k1, { label: 'secp256k1 (noble oracle)', invalidPoints: secpInvalid, cases: 3 });
  groupConformance(nobleEd25519, { label: 'ed25519 (noble oracle)', invalidPoints: edInvalid, invalidScalars: edInvalidScalars, cases: 3 });
}

/** Edwards encodings that are not points: y ≥ q, and x = 0 with the sign bit set (ZIP-216). */
const edwardsInvalid = [
  hex('ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f'),
  hex('0100000000000000000000000000000000000000000000000000000000000080'),
];
const edwardsInvalidScalars = [hex('ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff')];
for (const c of [jubjub, bandersnatch, babyJubjub]) {
  groupConformance(c, { label: `${c.name} (strata, Strata-defined encodings)`, invalidPoints: edwardsInvalid, invalidScalars: edwardsInvalidScalars, cases: 4 });
}
