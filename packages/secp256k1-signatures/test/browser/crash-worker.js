/**
 * A module Web Worker for the browser pool test
 * (test/browser/parallel.browser.test.ts): the package's built worker
 * (`dist/worker.browser.js`), plus one thing that worker never does: it
 * crashes on request (crash-listener.js, imported first so that its listener
 * sees every request before the bundle's). The test passes this file's URL
 * as `workerUrl`. Build the package first (it imports from dist/).
 */
import './crash-listener.js';
import '../../dist/worker.browser.js';
