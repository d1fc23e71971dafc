// Builds an .xlsx off the HTTP thread (exceljs is synchronous CPU work for large sheets): one or more sheets, each
// with a bold frozen header row and an auto filter.
// Plain JavaScript: a worker thread loads this file with no TypeScript loader, under tsx, Vitest and node alike.
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/** @type {{sheets: {name: string, headers: string[], rows: (string | number)[][]}[]}} */
const { sheets } = workerData;

async function build() {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  for (const { name, headers, rows } of sheets) {
    const worksheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = headers.map((header, i) => {
      const longest = rows.reduce((max, row) => Math.max(max, String(row[i] ?? '').length), header.length);
      return { header, key: `c${i}`, width: Math.min(60, Math.max(8, longest + 2)) };
    });
    worksheet.getRow(1).font = { bold: true };
    worksheet.addRows(rows);
    worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length } };
  }
  const buffer = await workbook.xlsx.writeBuffer();
  const bytes = new Uint8Array(buffer);
  parentPort?.postMessage({ type: 'done', bytes }, [bytes.buffer]);
}

build().catch((error) => {
  parentPort?.postMessage({ type: 'failed', message: String(error?.stack ?? error) });
});
