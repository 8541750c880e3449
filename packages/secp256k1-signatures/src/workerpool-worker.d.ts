/**
 * Types for the two workerpool modules the browser worker imports directly
 * (src/worker.browser.ts): the package's own declarations live under
 * workerpool/types/ and do not map onto its src/ files by path.
 */
declare module 'workerpool/src/worker.js' {
  /** Registers the worker's methods (workerpool's `worker()` on the worker side). */
  export function add(methods?: Record<string, (...args: never[]) => unknown>, options?: object): void;
}

declare module 'workerpool/src/transfer.js' {
  /** A result whose `transfer` objects move to the main thread instead of being copied. */
  export default class Transfer {
    constructor(message: unknown, transfer: Transferable[]);
    message: unknown;
    transfer: Transferable[];
  }
}
