/**
 * The options of every `msmNonConst` (secp256k1, ed25519 and the generic
 * Edwards curves take the same object and check it the same way).
 */
import { expectNumber, expectOneOf, expectOptions } from '@strata/field';

/** Tuning overrides for `msmNonConst` (benchmarks, unusual workloads). */
export interface MsmOptions {
  /** Force one algorithm instead of choosing by the number of points. */
  readonly algorithm?: 'straus' | 'pippenger';
  /** Force the Pippenger window width c, an integer in [2, 16]. */
  readonly window?: number;
}

const ALGORITHMS: readonly ('straus' | 'pippenger')[] = Object.freeze(['straus', 'pippenger'] as const);

/** The checked contents of an {@link MsmOptions}; `undefined` means "choose by n". */
export interface MsmChoice {
  algorithm: 'straus' | 'pippenger' | undefined;
  window: number | undefined;
}

/**
 * Returns the algorithm and window that `options` forces (each undefined
 * when not given). TypeError for a non-object, an algorithm other than
 * 'straus' / 'pippenger' or a non-number window; RangeError for a window
 * that is not an integer in [2, 16]. Checked whatever the input size.
 */
export function readMsmOptions(what: string, options: MsmOptions | undefined): MsmChoice {
  const o = expectOptions(`${what} options`, options);
  if (o === undefined) return { algorithm: undefined, window: undefined };
  const algorithm = o.algorithm === undefined ? undefined : expectOneOf(`${what} algorithm`, o.algorithm, ALGORITHMS, 'straus');
  let window: number | undefined;
  if (o.window !== undefined) {
    window = expectNumber(`${what} window`, o.window, 0);
    if (!Number.isInteger(window) || window < 2 || window > 16) {
      throw new RangeError(`${what}: expected a window in [2, 16], got ${window}`);
    }
  }
  return { algorithm, window };
}
