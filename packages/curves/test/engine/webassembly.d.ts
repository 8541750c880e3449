/// <reference path="../../../../tools/testkit/src/webassembly.d.ts" />
// The WebAssembly declarations shared by the test folders (tools/testkit/src/webassembly.d.ts).
export {};
