/**
 * Heap-allocation counting for the harness, in Node: V8's used-heap growth plus what the garbage
 * collector freed meanwhile (`v8.GCProfiler`). The browser bundle of `pnpm bench --browser`
 * replaces this module with `heap.browser.ts`, where no such counter exists.
 *
 * References:
 * - Node.js `v8.GCProfiler`, `v8.getHeapStatistics()`: https://nodejs.org/api/v8.html
 */
import v8 from 'node:v8';

/** Whether {@link heapAllocated} counts anything on this platform. */
export const HEAP_COUNTING: { readonly available: true } | { readonly available: false; readonly reason: string } = { available: true };

/** Bytes allocated on the V8 heap while `body` runs (used-heap growth plus bytes reclaimed by GCs meanwhile). */
export async function heapAllocated(body: () => unknown): Promise<number> {
  const profiler = new v8.GCProfiler();
  profiler.start();
  const h0 = v8.getHeapStatistics().used_heap_size;
  await body();
  const h1 = v8.getHeapStatistics().used_heap_size;
  const result = profiler.stop();
  let freed = 0;
  for (const s of result?.statistics ?? []) {
    freed += s.beforeGC.heapStatistics.usedHeapSize - s.afterGC.heapStatistics.usedHeapSize;
  }
  return h1 - h0 + freed;
}
