// Builds an .xlsx off the HTTP thread (exceljs is synchronous CPU work for large sheets): one or more sheets, each
// with a bold frozen header row and an auto filter, printed landscape one page wide with the header on each page.
// Dates and times come as {wall, format} (the wall clock of the request's zone) and are written as real Excel dates:
// exceljs writes a Date as UTC, so the Date is built from the wall clock's digits as if they were UTC.
// Plain JavaScript: a worker thread loads this file with no TypeScript loader, under tsx, Vitest and node alike.
import { PassThrough } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/**
 * The sheets without their rows; the rows arrive as messages `{type: 'rows', sheet, rows}` in order, then `{type:
 * 'end'}` starts the build.
 * @typedef {{wall: string, format: 'date' | 'datetime' | 'time'}} WallCell
 * @typedef {string | number | WallCell | null} Cell
 * @type {{sheets: {name: string, headers: string[], rows?: Cell[][], lead?: Cell[][]}[]}}
 */
const { sheets } = workerData;
for (const sheet of sheets) sheet.rows = [];

/** The body's font, named for the header too (a bold font without a name shows as a serif in LibreOffice). */
const FONT = { name: 'Calibri', family: 2, size: 11 };
const FORMATS = { date: 'dd.mm.yyyy', datetime: 'dd.mm.yyyy hh:mm', time: 'hh:mm' };
/** Characters of a column's longest text above which it is capped at this width and wrapped. */
const WRAP_OVER = 50;
/** Points of a line of the body's font. */
const LINE_HEIGHT = 15;
/** Room for the auto filter's arrow beside a header. */
const FILTER_ARROW = 3;

/** @param {Cell} cell */
const isWall = (cell) => cell !== null && typeof cell === 'object';

/** The Excel value of a wall cell: a Date for a date or moment, a fraction of a day for a time of day. */
function wallValue(/** @type {WallCell} */ { wall, format }) {
  if (format === 'time') return (Number(wall.slice(0, 2)) * 60 + Number(wall.slice(3, 5))) / 1440;
  const [y, m, d] = [wall.slice(0, 4), wall.slice(5, 7), wall.slice(8, 10)].map(Number);
  const hours = format === 'datetime' ? Number(wall.slice(11, 13)) : 0;
  const minutes = format === 'datetime' ? Number(wall.slice(14, 16)) : 0;
  return new Date(Date.UTC(y, m - 1, d, hours, minutes));
}

/** The length of a cell as shown. */
function shownLength(/** @type {Cell} */ cell) {
  if (isWall(cell)) return FORMATS[cell.format].length;
  return cell === null || cell === undefined ? 0 : String(cell).length;
}

async function build() {
  // The streaming writer: each row is written out as it is committed (a 40,000-row sheet builds in about two thirds
  // of the in-memory workbook's time, and its rows are not all kept as cell objects).
  const stream = new PassThrough();
  const chunks = [];
  stream.on('data', (chunk) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: true,
    useStyles: true,
  });
  workbook.created = new Date();
  for (const { name, headers, rows, lead = [] } of sheets) {
    // The header row: after the lead's lines and a blank line, else the first.
    const top = lead.length ? lead.length + 2 : 1;
    const worksheet = workbook.addWorksheet(name, {
      views: [{ state: 'frozen', ySplit: top }],
      pageSetup: {
        paperSize: 9,
        orientation: 'landscape',
        fitToPage: true,
        fitToWidth: 1,
        fitToHeight: 0,
        printTitlesRow: `${top}:${top}`,
      },
    });
    const wrapped = [];
    /** Per column, the one format of its dates (set on the column, so each cell does not carry a style of its own). */
    const formats = headers.map((_, i) => {
      const found = new Set(
        rows
          .map((row) => row[i])
          .filter(isWall)
          .map((cell) => cell.format),
      );
      return found.size === 1 ? FORMATS[[...found][0]] : undefined;
    });
    worksheet.columns = headers.map((header, i) => {
      const longest = rows.reduce((max, row) => Math.max(max, shownLength(row[i])), 0);
      const wraps = longest > WRAP_OVER;
      // A lead line's label or value is shown whole too (up to the cap; a longer one runs into the empty cells).
      const leadLongest = lead.reduce((max, line) => Math.max(max, shownLength(line[i])), 0);
      if (wraps) wrapped.push(i);
      const wanted = Math.max(longest, leadLongest, header.length + FILTER_ARROW) + 2;
      return {
        key: `c${i}`,
        // Never 9: exceljs takes 9 for its default and leaves the width out of the file.
        width: Math.max(10, Math.min(WRAP_OVER + 2, wanted)),
        style: {
          ...(formats[i] ? { numFmt: formats[i] } : {}),
          // Only the wrapped column carries an alignment: a style on every cell doubles a large file's build.
          ...(wraps ? { alignment: { wrapText: true } } : {}),
        },
      };
    });
    /** A row's cells; a date whose format is not its column's carries its own. */
    const write = (/** @type {Cell[]} */ row, own = false) => {
      const added = worksheet.addRow(row.map((cell) => (isWall(cell) ? wallValue(cell) : (cell ?? null))));
      row.forEach((cell, i) => {
        if (isWall(cell) && (own || FORMATS[cell.format] !== formats[i]))
          added.getCell(i + 1).numFmt = FORMATS[cell.format];
      });
      return added;
    };
    for (const line of lead) {
      const added = write(line, true);
      added.getCell(1).font = { ...FONT, bold: true };
      added.commit();
    }
    if (lead.length) worksheet.addRow([]).commit();
    const head = worksheet.addRow(headers);
    head.font = { ...FONT, bold: true };
    head.alignment = { vertical: 'middle', wrapText: true };
    head.commit();
    for (const row of rows) {
      const added = write(row);
      // A wrapped text's lines set the row's height: LibreOffice keeps a row without one at a single line, so the
      // lines of neighbouring rows would overlap.
      const lines = wrapped.reduce((max, i) => Math.max(max, Math.ceil(shownLength(row[i]) / WRAP_OVER)), 1);
      if (lines > 1) added.height = LINE_HEIGHT * lines;
      added.commit();
    }
    worksheet.autoFilter = { from: { row: top, column: 1 }, to: { row: top, column: headers.length } };
    worksheet.commit();
  }
  await workbook.commit();
  // A copy in memory of its own (a small Buffer may sit in Node's shared pool), moved to the caller.
  const bytes = new Uint8Array(Buffer.concat(chunks));
  parentPort?.postMessage({ type: 'done', bytes }, [bytes.buffer]);
}

parentPort?.on('message', (/** @type {{type: string, sheet?: number, rows?: Cell[][]}} */ message) => {
  if (message.type === 'rows') {
    const rows = sheets[message.sheet ?? 0].rows;
    for (const row of message.rows ?? []) rows.push(row);
    return;
  }
  if (message.type !== 'end') return;
  build().catch((error) => {
    parentPort?.postMessage({ type: 'failed', message: String(error?.stack ?? error) });
  });
});
