/**
 * Addition chains as data: a chain is a list of steps `[to, from, n, times]`,
 * each setting to = from^(2^n) · times (times omitted: no multiplication;
 * n = 0: a multiplication only), starting from the input `a`. `exponentOf`
 * evaluates the exponent a chain raises its input to (the generators check it
 * against the stated one, so a wrong step fails `pnpm gen`), and `allocate`
 * maps every value onto the storage slots a target offers, reusing a slot as
 * soon as its value has had its last use. The targets (TypeScript, the
 * AssemblyScript of wasm/) then print the slot-level steps in their own calls.
 */

/** Returns the exponent e with chain(a) = a^e (a BigInt), checking that every value read was set. */
export function exponentOf(steps) {
  const e = new Map([['a', 1n]]);
  const get = (name) => {
    const v = e.get(name);
    if (v === undefined) throw new Error(`chain: ${name} is read before it is set`);
    return v;
  };
  for (const [to, from, n, times] of steps) {
    if (e.has(to)) throw new Error(`chain: ${to} is set twice`);
    e.set(to, (get(from) << BigInt(n)) + (times === undefined ? 0n : get(times)));
  }
  return e.get(steps[steps.length - 1][0]);
}

/** Throws unless `steps` raise their input to `exponent`; returns the counts of squarings and multiplications. */
export function checkChain(name, steps, exponent) {
  const got = exponentOf(steps);
  if (got !== exponent) throw new Error(`chain ${name}: computes a^0x${got.toString(16)}, not a^0x${exponent.toString(16)}`);
  return {
    squarings: steps.reduce((s, [, , n]) => s + n, 0),
    multiplications: steps.filter((s) => s[3] !== undefined).length,
  };
}

/**
 * Maps the values of `steps` onto slots: `input` holds `a` (when it is in
 * `pool` it becomes free after a's last read), `pool` lists the free slots
 * in order of preference, and the last value lands in `out`. A step writes
 * its result over `from` when that is from's last read (and from is not also
 * the multiplier); otherwise into the first free slot. The last step's
 * squarings run in such a slot too, and only its multiplication (or, without
 * one, its squaring) writes `out`, so `out` may alias the input.
 * Returns [{ sq, src, n, dst, times }]: sq = src^(2^n) (n > 0), then
 * dst = sq · times (times undefined: dst = sq, and sq is dst). `liveUntil`
 * (name → step index) keeps a value's slot from reuse before that step.
 */
export function allocate(steps, { input, pool, out, liveUntil = new Map() }) {
  const last = new Map();
  steps.forEach(([, from, , times], i) => {
    last.set(from, i);
    if (times !== undefined) last.set(times, i);
  });
  for (const [name, i] of liveUntil) last.set(name, Math.max(last.get(name) ?? i, i));
  const slot = new Map([['a', input]]);
  const held = new Map(pool.includes(input) ? [[input, 'a']] : []);
  const fresh = (except = []) => {
    const s = pool.find((p) => !held.has(p) && !except.includes(p));
    if (s === undefined) throw new Error('chain: the slot pool is too small');
    return s;
  };
  const res = [];
  steps.forEach(([to, from, n, times], i) => {
    for (const [s, name] of held) if (last.get(name) < i) held.delete(s);
    const final = i === steps.length - 1;
    const src = slot.get(from);
    const inPlace = last.get(from) === i && from !== times && pool.includes(src);
    let sq, dst;
    if (final) {
      dst = out;
      if (times === undefined) sq = out;
      else sq = n === 0 ? src : inPlace ? src : fresh([out]);
      if (held.has(out) && held.get(out) !== from && !(held.get(out) === times && sq !== out))
        throw new Error(`chain: the last step would overwrite ${held.get(out)} in ${out}`);
    } else {
      dst = inPlace ? src : fresh();
      sq = n === 0 ? src : dst;
    }
    slot.set(to, dst);
    held.set(dst, to);
    res.push({ to, sq, src, n, dst, times: times === undefined ? undefined : slot.get(times) });
  });
  return res;
}

/**
 * Allocates several chains (arrays of steps) so that the steps they share at
 * the start (the same values from the same steps) land in the same slots in
 * every chain: each value of that head that some chain reads later is kept
 * live to the head's end. Returns { head, tails, kept }: the head's allocated
 * steps (to emit once), each chain's remaining ones, and the head's values the
 * tails read, as [name, slot] in the order of the head.
 */
export function allocateShared(chains, opts) {
  const same = (x, y) => x.length === y.length && x.every((v, i) => v === y[i]);
  let k = 0;
  while (chains.every((c) => k < c.length - 1 && same(c[k], chains[0][k]))) k++;
  const inHead = new Set(chains[0].slice(0, k).map(([to]) => to));
  const liveUntil = new Map();
  for (const c of chains)
    for (const [, from, , times] of c.slice(k))
      for (const v of [from, times]) if (inHead.has(v)) liveUntil.set(v, k);
  const all = chains.map((c) => allocate(c, { ...opts, liveUntil }));
  const key = (x) => JSON.stringify(x);
  if (!all.every((a) => key(a.slice(0, k)) === key(all[0].slice(0, k)))) throw new Error('chain: the shared head was allocated differently');
  const head = all[0].slice(0, k);
  return { head, tails: all.map((a) => a.slice(k)), kept: head.filter((h) => liveUntil.has(h.to)).map((h) => [h.to, h.dst]) };
}
