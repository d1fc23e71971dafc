// The solver's worker thread: building a position's models is O(slots × shifts) and HiGHS's `run()` is synchronous,
// either would block the HTTP thread. It only passes messages to position.mjs (models, cover) and solve.mjs (HiGHS).
import { parentPort } from 'node:worker_threads';
import { answerBuffers, solvePosition } from './position.mjs';
import { solve } from './solve.mjs';

parentPort?.on('message', (job) => {
  if (job.type === 'warm') {
    // A small position through the models and both steps, so the code is compiled before the first real request.
    solvePosition({ ...job, seconds: 5, distinctSeconds: 1, deadline: Date.now() + 5000 }, solve);
    parentPort?.postMessage({ id: job.id, warm: true });
    return;
  }
  try {
    const answer = solvePosition(job, solve);
    parentPort?.postMessage({ ...answer, id: job.id }, answerBuffers(answer));
  } catch (error) {
    parentPort?.postMessage({ id: job.id, failed: String(error?.stack ?? error) });
  }
});
