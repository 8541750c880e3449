/**
 * Types for the browser test suite (vitest.browser.config.ts): the modules
 * its plugin provides and the command that hands the shared vectors to the
 * page. Browser test files reference this file with a triple-slash directive.
 */
declare module 'virtual:strata/testkit' {
  export function hex(s: string): Uint8Array;
  export function toHex(b: Uint8Array): string;
  export function bigFromBytesBE(b: Uint8Array): bigint;
  export function bigFromBytesLE(b: Uint8Array): bigint;
  export function bigToBytesBE(x: bigint, length: number): Uint8Array;
  export function bigToBytesLE(x: bigint, length: number): Uint8Array;
  /** A file of the shared vectors folder (read on the Node side by @strata/testkit). */
  export function readVectorText(...parts: string[]): Promise<string>;
  /** A JSON file of the shared vectors folder. */
  export function readVectorJson<T = unknown>(...parts: string[]): Promise<T>;
}

declare module 'virtual:strata/readme/*' {
  /** Runs the README's example (its `## Example` code block) with the given console. */
  export function run(console: { log: (...args: unknown[]) => void }): Promise<void>;
  /** Runs it and returns the lines it printed, formatted as Node's console.log would. */
  export function printed(): Promise<string[]>;
  /** What the README says it prints, line by line. */
  export const expected: string[];
  /** The code as it stands in the README. */
  export const source: string;
}

/** The engine this run of the browser suite selected (STRATA_ENGINE; vitest.browser.config.ts). */
declare const __STRATA_ENGINE__: 'ts' | 'wasm';
