// The solver's worker thread (HiGHS's `run()` is synchronous and would block the HTTP thread): it only passes messages
// to solve.mjs, where the models are run.
import { parentPort } from 'node:worker_threads';
import { solve } from './solve.mjs';

parentPort?.on('message', (job) => {
  if (job.type === 'warm') {
    // A small model through both steps, so the solver's code is compiled before the first real request.
    solve({ ...job, seconds: 5, distinctSeconds: 1, deadline: Date.now() + 5000 });
    parentPort?.postMessage({ id: job.id, warm: true });
    return;
  }
  try {
    parentPort?.postMessage(solve(job));
  } catch (error) {
    parentPort?.postMessage({ id: job.id, failed: String(error?.stack ?? error) });
  }
});
