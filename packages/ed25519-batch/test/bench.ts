/**
 * Ad-hoc timing of batch against single verification (not a test; vitest
 * ignores it). Reports CPU time (process.cpuUsage, best of `reps` rounds),
 * which is steadier than wall time on a shared machine. Run from the
 * repository root:
 *
 *   benchmarks/node_modules/.bin/tsx --conditions=@strata/source packages/ed25519-batch/test/bench.ts [sizes, e.g. 64,1024] [reps]
 *
 * Every batch entry has its own key (no cache), the case that costs most.
 * The side-by-side comparison with the peers lives in benchmarks/.
 */
import { BatchVerifier, getPublicKey, sign, verify } from '../src/index.js';

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const rb = (n: number): Uint8Array => globalThis.crypto.getRandomValues(new Uint8Array(n));

const sizes = (process.argv[2] ?? '64,1024').split(',').map(Number);
const reps = Number(process.argv[3] ?? 5);
const total = Math.max(256, ...sizes);
const pks: Uint8Array[] = [];
const msgs: Uint8Array[] = [];
const sigs: Uint8Array[] = [];
for (let i = 0; i < total; i++) {
  const seed = rb(32);
  const m = rb(64);
  pks.push(getPublicKey(seed));
  msgs.push(m);
  sigs.push(sign(m, seed));
}

// Single verification (warmed up first: the JIT needs a few hundred calls).
for (let i = 0; i < 400; i++) verify(sigs[i % total]!, msgs[i % total]!, pks[i % total]!);
let single = Infinity;
for (let r = 0; r < reps; r++) {
  const t = cpuMs();
  for (let i = 0; i < 256; i++) if (!verify(sigs[i]!, msgs[i]!, pks[i]!)) throw new Error('single verify failed');
  single = Math.min(single, (cpuMs() - t) / 256);
}
console.log(`${'verify (zip215, no cache)'.padEnd(34)} ${(single * 1e3).toFixed(1)} µs`);

for (const n of sizes) {
  const iters = Math.max(1, Math.floor(2048 / n));
  let addMs = 0;
  let verifyMs = 0;
  const run = (): void => {
    const t0 = cpuMs();
    const b = new BatchVerifier();
    for (let i = 0; i < n; i++) b.add(sigs[i]!, msgs[i]!, pks[i]!);
    const t1 = cpuMs();
    if (!b.verify()) throw new Error('batch verify failed');
    addMs += t1 - t0;
    verifyMs += cpuMs() - t1;
  };
  for (let i = 0; i < iters; i++) run();
  let best = Infinity;
  let bestAdd = 0;
  let bestVerify = 0;
  for (let r = 0; r < reps; r++) {
    addMs = 0;
    verifyMs = 0;
    const t = cpuMs();
    for (let i = 0; i < iters; i++) run();
    const perSig = (cpuMs() - t) / iters / n;
    if (perSig < best) {
      best = perSig;
      bestAdd = addMs / iters / n;
      bestVerify = verifyMs / iters / n;
    }
  }
  const line = `${(best * 1e3).toFixed(1)} µs/signature (add ${(bestAdd * 1e3).toFixed(1)} + verify ${(bestVerify * 1e3).toFixed(1)})`;
  console.log(`${`BatchVerifier n=${n}`.padEnd(34)} ${line}, ratio ${(best / single).toFixed(3)}`);
}
