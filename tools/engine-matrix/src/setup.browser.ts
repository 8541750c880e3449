/**
 * The browser suite's engine setup (vitest.browser.config.ts defines
 * __STRATA_ENGINE__ from STRATA_ENGINE; scripts/test.mjs runs the suite once
 * per engine). 'wasm' loads the WebAssembly engine asynchronously — the way
 * a browser page must — and fails loudly when it cannot.
 */
/// <reference path="../../../vitest.browser.env.d.ts" />
import { engine } from '@strata/curves';


if (__STRATA_ENGINE__ === 'wasm') {
  await engine.initWasm({ required: true });
} else if (__STRATA_ENGINE__ !== 'ts') {
  throw new Error(`STRATA_ENGINE must be 'ts' or 'wasm', got '${__STRATA_ENGINE__}'`);
}
