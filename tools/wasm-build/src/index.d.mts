/** Compiles the AssemblyScript entry `entry` to `out` with Strata's options and a fixed memory of `pages` 64 KiB pages; rejects with the compiler's output on an error. */
export function compileWasm(entry: string, out: string, pages: number): Promise<void>;
/** The file after `--out` in `argv` (resolved), or `fallback`. */
export function outArg(fallback: string, argv?: readonly string[]): string;
