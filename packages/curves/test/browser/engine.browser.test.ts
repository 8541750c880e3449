/// <reference path="../../../../vitest.browser.env.d.ts" />
/**
 * The engine in Chromium: the suite runs once per engine (STRATA_ENGINE), and
 * under 'wasm' the setup loaded the module asynchronously, as a page must —
 * every other browser test of the run is on that engine. Then the engines
 * agree on a secp256k1 and an ed25519 multiplication, switched in-page.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ModNScalar, Scalar25519 } from '@strata/field';
import { engine } from '@strata/curves';
import * as ed25519 from '@strata/curves/ed25519';
import * as secp256k1 from '@strata/curves/secp256k1';

const found = engine.currentEngine();
afterAll(() => engine.useEngine(found));

describe('engine (browser)', () => {
  it('runs on the engine this run of the suite selected', () => {
    expect(engine.currentEngine()).toBe(__STRATA_ENGINE__);
    expect(engine.engineInfo().wasmLoaded).toBe(__STRATA_ENGINE__ === 'wasm');
  });

  it('await initWasm() loads the module in the page; both engines give the same points', async () => {
    expect(await engine.initWasm({ required: true })).toBe('wasm');
    expect(engine.engineInfo().moduleBytes).toBeGreaterThan(0);
    const k = new ModNScalar();
    k.setBytesReduced(new Uint8Array(32).fill(0x5a));
    const s = Scalar25519.fromBytesReduced(new Uint8Array(32).fill(0xa5));
    const run = () => [
      secp256k1.pointToBytes(secp256k1.scalarBaseMult(k)),
      secp256k1.pointToBytes(secp256k1.scalarBaseMultNonConst(k)),
      ed25519.scalarBaseMult(s).toBytes(),
      ed25519.scalarBaseMultNonConst(s).toBytes(),
    ];
    const onWasm = run();
    engine.useEngine('ts');
    expect(run()).toEqual(onWasm);
  });
});
