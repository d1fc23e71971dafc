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

/** PDFs built at once per process: each worker holds pdfkit and fonts in memory, and the machine has few cores. */
const MAX_RENDERS = 2;
let running = 0;
const queue: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_RENDERS) await new Promise<void>((resolve) => queue.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    queue.shift()?.();
  };
}

/**
 * A PDF of the tags, one page per tag and copy, rendered in a worker thread (never on the HTTP thread).
 * Example: `await renderTagsPdf([tagPage(data)], 1, layout)` → the file's bytes, starting `%PDF`.
 */
export async function renderTagsPdf(pages: TagPage[], copies: number, layout: TagLayout): Promise<Buffer> {
  const release = await slot();
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const worker = new Worker(new URL('./renderWorker.mjs', import.meta.url), {
        workerData: { pages, copies, layout },
        stdout: false,
      });
      worker.once('message', (message: { type: string; bytes?: Uint8Array; message?: string }) => {
        if (message.type === 'done' && message.bytes)
          resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
        else reject(new Error(message.message ?? 'the tag PDF was not built'));
        void worker.terminate();
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the tag rendering thread ended (code ${code})`)));
    });
  } finally {
    release();
  }
}
