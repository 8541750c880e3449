// The one gate every browser test of `pnpm test` goes through (scripts/test.mjs):
// the browser suite (vitest.browser.config.ts, once per engine) and the vitest
// project `chromium` (Node tests that launch a Chromium, *.chromium.test.ts).
// The browser comes from tools/browser's resolver; this file decides what a
// run does with the answer:
//   - a browser, no Node-test selection: run the browser half;
//   - a browser, but extra arguments that select Node tests: a note, not run,
//     not a failure (the developer asked for a part);
//   - no browser at all (a platform the registry browser does not support,
//     STRATA_BROWSER_SOURCES=none, a bad STRATA_CHROMIUM): a banner, the
//     browser half counted as not run; under CI that is one failure.

/** Whether the environment says this is CI (CI set, and not '', 'false' or '0'). */
export function isCI(env = process.env) {
  const v = env.CI;
  return v !== undefined && v !== '' && v !== 'false' && v !== '0';
}

/**
 * What the run does with the browser half.
 *   browser:     the resolver's answer ({ path, source } or { path: null, problem })
 *   ci:          isCI()
 *   passThrough: the extra arguments of `pnpm test` (they select Node tests)
 *   onlyBrowser: `--only-browser` (run the browser half even so)
 * Returns { run: true } or { run: false, failed: 0 | 1, message }.
 */
export function browserGate({ browser, ci, passThrough = [], onlyBrowser = false }) {
  if (browser.path === null) {
    const how =
      `no Chromium could be found or installed: ${browser.problem}. ` +
      'The registry browser (@sparticuz/chromium) covers linux-x64; elsewhere install Chromium or Chrome, ' +
      'or set STRATA_CHROMIUM to its executable, then rerun.';
    if (ci) {
      return { run: false, failed: 1, message: `browser suite FAILED: ${how} CI requires the browser suite.` };
    }
    return {
      run: false,
      failed: 0,
      message: [
        '',
        '!'.repeat(78),
        `!! THE BROWSER SUITE DID NOT RUN: ${how}`,
        '!! The counts below are the Node suites only. (Under CI=true this is a failure.)',
        '!'.repeat(78),
      ].join('\n'),
    };
  }
  if (passThrough.length > 0 && !onlyBrowser) {
    return {
      run: false,
      failed: 0,
      message:
        `note: browser suite not run: the extra arguments (${passThrough.join(' ')}) select Node tests; ` +
        'run it alone with `pnpm test --only-browser`.',
    };
  }
  return { run: true };
}
