/**
 * The engine matrix's setup file (vitest.config.ts adds it to every project
 * whose code the WebAssembly engine serves; scripts/test.mjs runs those
 * projects once per engine). STRATA_ENGINE selects the engine for the whole
 * test file before it runs: unset or 'ts' keeps the TypeScript engine,
 * 'wasm' loads and selects the WebAssembly engine — and fails loudly (every
 * test of the file) when it cannot be loaded, rather than quietly testing
 * the TypeScript engine twice. 'ts' selects the TypeScript engine
 * explicitly: when files share their modules (STRATA_TEST_ISOLATE=0, as in
 * `pnpm test:quick`), a selection an earlier file left behind does not
 * carry over.
 */
import { engine } from '@strata/curves';

const wanted = process.env['STRATA_ENGINE'] ?? 'ts';
if (wanted === 'wasm') {
  engine.initWasmSync({ required: true });
} else if (wanted === 'ts') {
  engine.useEngine('ts');
} else {
  throw new Error(`STRATA_ENGINE must be 'ts' or 'wasm', got '${wanted}'`);
}
