/**
 * `@strata/curves/pool`: the worker pool the signature packages share for
 * parallel batch verification (Node worker threads, browser module Web
 * Workers), generic over the task payload. See core.ts for the runtime and
 * workerpool.ts for the backends over a workerpool module passed in; this
 * subpath imports neither `node:*` nor workerpool.
 *
 * References: workerpool 10 documentation.
 */
export {
  createPoolRuntime,
  parseSignal,
  parseWorkers,
  IDLE_TIMEOUT_MS,
  MAX_WORKERS,
  type PoolBackend,
  type PoolChunkJob,
  type PoolHandle,
  type PoolHooks,
  type PoolInfo,
  type PoolJob,
  type PoolRuntime,
  type PoolTask,
} from './core.js';
export { poolHandle, threadBackend, webWorkerBackend, type WorkerControl, type WorkerpoolFactory, type WorkerpoolOptions, type WorkerpoolPool, type WorkerpoolThenable } from './workerpool.js';
export { selectWorkerEngine } from './engine.js';
export type { EngineName } from '../engine/index.js';
