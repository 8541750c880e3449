/**
 * The crash of the browser test worker (see crash-worker.js, which imports
 * this module before the package's worker bundle, so this listener is
 * registered first): a request whose task has `crash: true` (set only by a
 * test's crash plan) is stopped before workerpool's own listener sees it and
 * ends in an uncaught error, which is how a Web Worker crashes (the page gets
 * the worker's 'error' event and the task never answers).
 */
addEventListener('message', (event) => {
  const request = event.data;
  const task = request !== null && typeof request === 'object' && Array.isArray(request.params) ? request.params[0] : undefined;
  if (task !== null && typeof task === 'object' && task.crash === true) {
    event.stopImmediatePropagation();
    setTimeout(() => {
      throw new Error('secp256k1-signatures test worker: worker crash');
    }, 0);
  }
});
