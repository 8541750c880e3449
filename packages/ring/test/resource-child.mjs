/**
 * Child process of resource.test.ts, run as
 *   node --expose-gc resource-child.mjs <curve> <maxBytes> <junkRings> <junkSize> <honestRings> <honestSize>
 * over the BUILT package (dist/): replays the attack of issue 10 finding 1
 * (junk signatures: distinct valid points, c = s_i = 0, a valid key image,
 * each deserialised and verified twice through one RingCache) interleaved
 * with honest signatures over other rings (verified three times each, so
 * their tables are built within the cache's byte budget), and prints, as
 * one JSON line, the growth of V8 heap + ArrayBuffer memory between two
 * full collections around the workload, and the cache's own accounting.
 */
import { ed25519, secp256k1 } from '@strata/group';
import { Ring, RingCache, RingSignature } from '../dist/index.js';

const [name, maxBytesArg, junkRingsArg, junkSizeArg, honestRingsArg, honestSizeArg] = process.argv.slice(2);
const curve = name === 'ed25519' ? ed25519 : secp256k1;
const maxBytes = Number(maxBytesArg);
const junkRings = Number(junkRingsArg);
const junkSize = Number(junkSizeArg);
const honestRings = Number(honestRingsArg);
const honestSize = Number(honestSizeArg);
if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');

const MSG = new Uint8Array(32).fill(9);
const pub = (k) => curve.scalarBaseMult(curve.scalarFromInt(k)).toBytes();

function layout(keys, image) {
  const pl = curve.compressedPointSize;
  const out = new Uint8Array(4 + 32 + pl + keys.length * (32 + pl));
  new DataView(out.buffer).setUint32(0, keys.length, false);
  out.set(image, 36);
  keys.forEach((k, i) => out.set(k, 4 + 32 + pl + i * (32 + pl) + 32));
  return out;
}

const junk = [];
for (let r = 0; r < junkRings; r++) {
  junk.push(layout(Array.from({ length: junkSize }, (_, i) => pub(10_000 + r * junkSize + i)), pub(3)));
}
const honest = [];
for (let r = 0; r < honestRings; r++) {
  const ks = Array.from({ length: honestSize }, (_, i) => 500_000 + r * honestSize + i);
  const ring = Ring.fromPublicKeys(curve, ks.map(pub));
  honest.push(ring.sign(MSG, curve.scalarFromInt(ks[r % honestSize])).toBytes());
}

// Warm-up: compile every path once (plain and table verification) with a throwaway cache.
{
  const warm = new RingCache(4);
  for (let k = 0; k < 3; k++) RingSignature.fromBytes(curve, honest[0], { cache: warm }).verify(MSG);
  RingSignature.fromBytes(curve, junk[0], { cache: warm }).verify(MSG);
  warm.clear();
}

const mem = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
globalThis.gc();
globalThis.gc();
const before = mem();

const cache = new RingCache(64, { maxBytes });
let junkAccepted = 0;
let honestOk = 0;
let peakCacheBytes = 0;
for (let round = 0; round < 3; round++) {
  if (round < 2) {
    for (const b of junk) {
      if (RingSignature.fromBytes(curve, b, { cache }).verify(MSG)) junkAccepted++;
      peakCacheBytes = Math.max(peakCacheBytes, cache.bytes ?? 0);
    }
  }
  for (const b of honest) {
    if (RingSignature.fromBytes(curve, b, { cache }).verify(MSG)) honestOk++;
    peakCacheBytes = Math.max(peakCacheBytes, cache.bytes ?? 0);
  }
}

globalThis.gc();
globalThis.gc();
const after = mem();
process.stdout.write(
  JSON.stringify({
    curve: name,
    maxBytes,
    growth: after - before,
    cacheBytes: cache.bytes ?? null,
    peakCacheBytes,
    rings: cache.size,
    junkAccepted,
    honestOk,
    honestExpected: 3 * honestRings,
  }) + '\n',
);
