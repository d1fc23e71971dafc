// The flight thread: the CPU side of `GET /planning/flight` (digest parsing, the JSON writer, the double-booking
// sweep) off the HTTP thread. A small switch over flightBuild.ts, one FlightBuild per build id; flightThread.ts is
// the other end. Unlike the other workers, the logic is the server's TypeScript (the HTTP thread and the tests use
// the same modules), so tsx's loader is registered here first: a worker thread on Node 20 does not inherit the
// loader of `node --import tsx`, and Vitest's transform never reaches it.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

/** @typedef {import('./flightBuild.ts').FlightBuild} FlightBuild */

/** @type {Map<number, FlightBuild>} */
const builds = new Map();
/** Messages that came while the modules loaded, in order. @type {any[] | null} */
let early = [];
/** @type {typeof import('./flightBuild.ts') | undefined} */
let core;

/** @param {number} id @param {string} type @param {unknown} [error] */
function fail(id, type, error) {
  builds.delete(id);
  const message = error instanceof Error ? (error.stack ?? error.message) : `${type} of a build that is gone`;
  parentPort?.postMessage({ id, type: 'failed', message });
}

/** @param {any} message */
function handle(message) {
  const { id, type } = message;
  if (type === 'held') {
    parentPort?.postMessage({ id, type: 'held', count: builds.size });
    return;
  }
  if (type === 'drop') {
    builds.delete(id);
    return;
  }
  if (type === 'open') {
    // Handled only once the modules are loaded (see the end).
    builds.set(id, new core.FlightBuild());
    return;
  }
  const build = builds.get(id);
  // A round of a build that failed before: its failure has been told.
  if (!build) {
    if (type !== 'round') fail(id, type);
    return;
  }
  try {
    if (type === 'round') build.addRound(message.round);
    else if (type === 'choose') {
      parentPort?.postMessage({ id, type: 'span', span: build.choose(message.shape) });
      // Written while the HTTP thread reads the span's other assignments.
      build.write();
    } else if (type === 'finish') {
      const json = build.finish(message.others);
      builds.delete(id);
      parentPort?.postMessage({ id, type: 'answer', json }, [json.buffer]);
    }
  } catch (error) {
    fail(id, type, error);
  }
}

parentPort?.on('message', (message) => {
  if (early) early.push(message);
  else handle(message);
});

register();
core = await import('./flightBuild.ts');
for (const message of early) handle(message);
early = null;
