import { Worker } from 'node:worker_threads';

/** Spreadsheets built at once per process: each holds its rows in memory, and the machine has few cores. */
const MAX_BUILDS = 2;
let running = 0;
const queue: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= MAX_BUILDS) await new Promise<void>((resolve) => queue.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    queue.shift()?.();
  };
}

/** One sheet: its name, the header row and the rows, cells as text or numbers. */
export interface Sheet {
  name: string;
  headers: string[];
  rows: (string | number)[][];
}

/**
 * An .xlsx of the sheets (each with a bold frozen header row and an auto filter) built in a worker thread, never on
 * the HTTP thread; at most MAX_BUILDS at once per process.
 * Example: `await buildXlsx([{ name: 'План', headers: ['Рейс'], rows: [['SU 1234']] }])` → the file's bytes.
 */
export async function buildXlsx(sheets: Sheet[]): Promise<Buffer> {
  const release = await slot();
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const worker = new Worker(new URL('./xlsxWorker.mjs', import.meta.url), {
        workerData: { sheets },
        stdout: false,
      });
      worker.once('message', (message: { type: string; bytes?: Uint8Array; message?: string }) => {
        if (message.type === 'done' && message.bytes)
          resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
        else reject(new Error(message.message ?? 'the spreadsheet was not built'));
        void worker.terminate();
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the spreadsheet thread ended (code ${code})`)));
    });
  } finally {
    release();
  }
}
