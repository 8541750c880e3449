/**
 * What the pool tests observe of a `VerifierPool`, injected through
 * `createPoolWith` instead of read from module state: every workerpool pool
 * it creates (through a backend that wraps the platform's), its recoveries
 * (through `PoolHooks.taskFailed`) and a crash plan for its next call
 * (through `PoolHooks.crashPlan`). Used by the Node and the browser pool
 * tests.
 */
import type { PoolBackend, PoolHandle, PoolHooks } from '../src/parallel-core.js';

/** The recovery counters of one pool. */
export interface Recoveries {
  poolRetries: number;
  inThreadFallbacks: number;
}

/** A probe on one pool: pass `backend` and `hooks` to `createPoolWith`. */
export interface PoolProbe {
  readonly backend: PoolBackend;
  readonly hooks: PoolHooks;
  /** Returns the current workerpool pool (the last one created), if any; compare identities only. */
  pool(): PoolHandle | undefined;
  /** Returns the number of workerpool pools created so far. */
  created(): number;
  /** Returns the number of busy and of started workers of the current pool (zeros without one). */
  stats(): { busy: number; total: number };
  /** Terminates every started worker of the current pool from outside. */
  killWorkers(): Promise<void>;
  /** Returns a snapshot of the recovery counters. */
  recoveries(): Recoveries;
  /** Returns the last error a task failed with, if any. */
  lastTaskError(): unknown;
  /** Makes the given chunks of the next call ask their worker to crash on the first `attempts` tries (1: pool retry; 2: in-thread fallback). */
  crashNextCall(chunks: number[], attempts?: number): void;
}

/** Returns a probe over `platform` (`nodeBackend` or `browserBackend`). */
export function poolProbe(platform: PoolBackend): PoolProbe {
  const pools: PoolHandle[] = [];
  const recoveries: Recoveries = { poolRetries: 0, inThreadFallbacks: 0 };
  let lastTaskError: unknown;
  let plan: ReadonlyMap<number, number> | undefined;
  const backend: PoolBackend = {
    create(size, script) {
      const p = platform.create(size, script);
      pools.push(p);
      return p;
    },
    defaultWorkers: () => platform.defaultWorkers(),
    yieldToEventLoop: () => platform.yieldToEventLoop(),
  };
  const hooks: PoolHooks = {
    crashPlan() {
      const p = plan;
      plan = undefined;
      return p;
    },
    taskFailed(error, next) {
      lastTaskError = error;
      if (next === 'retry') recoveries.poolRetries++;
      else recoveries.inThreadFallbacks++;
    },
  };
  const current = (): PoolHandle | undefined => pools[pools.length - 1];
  return {
    backend,
    hooks,
    pool: current,
    created: () => pools.length,
    stats: () => current()?.stats() ?? { busy: 0, total: 0 },
    killWorkers: async () => {
      await current()?.killWorkers();
    },
    recoveries: () => ({ ...recoveries }),
    lastTaskError: () => lastTaskError,
    crashNextCall(chunks, attempts = 1) {
      plan = new Map(chunks.map((c) => [c, attempts]));
    },
  };
}
