// The part of the WebAssembly JS API the Strata tests use. The repo compiles with
// lib ES2022 and @types/node 20, neither of which declares `WebAssembly`; a test
// folder that needs it references this file from a webassembly.d.ts of its own.
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
    static imports(module: Module): { module: string; name: string; kind: string }[];
  }
  class Instance {
    constructor(module: Module, imports: object);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    readonly buffer: ArrayBuffer;
    grow(delta: number): number;
  }
  class Global {
    value: unknown;
  }
  class RuntimeError extends Error {}
  class CompileError extends Error {}
  function compile(bytes: Uint8Array): Promise<Module>;
  function instantiate(module: Module, imports: object): Promise<Instance>;
}
