#!/usr/bin/env node
// A Verdaccio registry for the release test, run as its own process:
//   node scripts/release/verdaccio-server.mjs <config.yaml> <parent-pid> <max-seconds>
// It listens on 127.0.0.1 on a port the kernel picks (port 0, so no race for
// a "free" port), prints "listening <port>" on stdout, and exits on its own
// when the parent process is gone (polled every 500 ms, so a test runner that
// is killed with SIGKILL still leaves nothing behind) or after <max-seconds>,
// whichever comes first. The parent normally stops it earlier by killing its
// process group (see registry.mjs).
import { createRequire } from 'node:module';

const [configPath, parentPidArg, maxSecondsArg] = process.argv.slice(2);
if (!configPath || !parentPidArg || !maxSecondsArg) {
  console.error('usage: verdaccio-server.mjs <config.yaml> <parent-pid> <max-seconds>');
  process.exit(2);
}
const parentPid = Number(parentPidArg);
const maxMs = Number(maxSecondsArg) * 1000;

function parentAlive() {
  try {
    process.kill(parentPid, 0);
    return true;
  } catch {
    return false;
  }
}

const watchdog = setInterval(() => {
  if (!parentAlive()) process.exit(0);
}, 500);
const deadline = setTimeout(() => {
  console.error(`verdaccio-server: lifetime of ${maxSecondsArg}s reached, exiting`);
  process.exit(0);
}, maxMs);
watchdog.unref();
deadline.unref();

const require = createRequire(import.meta.url);
const { runServer } = require('verdaccio');
const server = await runServer(configPath);
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(`listening ${port}\n`);
});
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(sig, () => process.exit(0));
