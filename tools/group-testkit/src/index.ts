/**
 * Test-only helpers for the packages that build on @strata/group (group
 * itself, dleq, ring, the benchmarks): the noble-curves implementation of
 * the Curve interface, the backends table the differential suites iterate,
 * and the conformance suite every Curve must pass. Kept apart from
 * @strata/testkit so that the base test kit depends on no Strata package
 * (curves and field test with it, and group depends on them: one kit for
 * both would make a workspace cycle).
 */
export { nobleSecp256k1, nobleEd25519, nobleSignatureScheme, isNobleCurve } from './noble-group.js';
export { groupConformance, type GroupConformanceOptions } from './group-conformance.js';
export {
  backends,
  nobleBackendEnabled,
  strata,
  noble,
  pick,
  seededRandom,
  goDleqVectors,
  type Backend,
  type GoDleqGroupVectors,
} from './group-backends.js';
