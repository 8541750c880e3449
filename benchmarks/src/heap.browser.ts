/**
 * The browser stand-in for `heap.ts` (swapped in by the esbuild plugin of `src/browser/run.ts`):
 * a page has no per-call heap counter (no `v8.GCProfiler`; `performance.memory` is coarse and
 * quantised), so rows measured in Chromium report no bytes per op.
 */

/** Heap counting is not available in the browser, with the reason recorded in the run. */
export const HEAP_COUNTING: { readonly available: true } | { readonly available: false; readonly reason: string } = {
  available: false,
  reason: 'bytes per op need node:v8 (GCProfiler); not available in Chromium',
};

/** Runs `body`; always reports 0 bytes (never used while {@link HEAP_COUNTING} is unavailable). */
export async function heapAllocated(body: () => unknown): Promise<number> {
  await body();
  return 0;
}
