import { Worker } from 'node:worker_threads';
import type { TagPage } from './tagPage.ts';

/** What the PDF worker lays the tags out on: the template's stock, barcode and winding. */
export interface TagLayout {
  widthMm: number;
  lengthMm: number;
  barcodeHeightMm: number;
  /** The narrow bar in tenths of a millimetre (shrunk by the worker if the barcode would not fit the width). */
  moduleTenthMm: number;
  /** Face-in winding: every page turned by 180°. */
  faceIn: boolean;
}

/** How long the rendering thread waits for the next job before it ends (loading it again costs about a second). */
const IDLE_MS = 60_000;

interface Waiting {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let idle: NodeJS.Timeout | null = null;
let nextJob = 1;
const waiting = new Map<number, Waiting>();

/** Fails every job in flight and forgets the thread, so the next job starts a new one. */
function lose(thread: Worker, error: Error) {
  if (worker !== thread) return;
  worker = null;
  for (const job of waiting.values()) job.reject(error);
  waiting.clear();
}

/** The rendering thread, started on first use; it never keeps the process alive by itself. */
function thread(): Worker {
  if (idle) clearTimeout(idle);
  idle = null;
  if (worker) return worker;
  const started = new Worker(new URL('./renderWorker.mjs', import.meta.url), { stdout: false });
  started.unref();
  started.on('message', (message: { id: number; type: string; bytes?: Uint8Array; message?: string }) => {
    const job = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.type === 'done' && message.bytes)
      job?.resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    else job?.reject(new Error(message.message ?? 'the tag PDF was not built'));
    if (waiting.size === 0 && worker === started) {
      idle = setTimeout(() => {
        if (waiting.size === 0 && worker === started) {
          worker = null;
          void started.terminate();
        }
      }, IDLE_MS);
      idle.unref();
    }
  });
  started.on('error', (error) => lose(started, error));
  started.on('exit', (code) => lose(started, new Error(`the tag rendering thread ended (code ${code})`)));
  worker = started;
  return started;
}

/**
 * A PDF of the tags, one page per tag and copy, rendered in a worker thread (never on the HTTP thread) that stays
 * alive between jobs and draws them one at a time.
 * Example: `await renderTagsPdf([tagPage(data)], 1, layout)` → the file's bytes, starting `%PDF`.
 */
export function renderTagsPdf(pages: TagPage[], copies: number, layout: TagLayout): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const id = nextJob++;
    waiting.set(id, { resolve, reject });
    thread().postMessage({ id, pages, copies, layout });
  });
}
