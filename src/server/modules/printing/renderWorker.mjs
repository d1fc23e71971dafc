// Renders rush bag tags to PDF off the HTTP thread (pdfkit and bwip-js are synchronous CPU work). It stays alive
// between jobs (loading pdfkit, fontkit and bwip-js costs far more than drawing a tag); render.ts ends it when idle.
// Plain JavaScript: a worker thread loads this file with no TypeScript loader, under tsx, Vitest and node alike.
// The words of each tag come finished from tagPage.ts; this file only lays them out and draws them.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
/** Roboto of the client's own font package: pdfkit reads WOFF; the Latin and Cyrillic subsets are separate files. */
const FONTS = {
  regular: require.resolve('@fontsource/roboto/files/roboto-latin-400-normal.woff'),
  regularCyr: require.resolve('@fontsource/roboto/files/roboto-cyrillic-400-normal.woff'),
  bold: require.resolve('@fontsource/roboto/files/roboto-latin-700-normal.woff'),
  boldCyr: require.resolve('@fontsource/roboto/files/roboto-cyrillic-700-normal.woff'),
};
const PT_PER_MM = 72 / 25.4;
/** Wide to narrow ratio of the bars and spaces (ISO/IEC 16390 allows 2.0–3.0; IATA tags use 2.5). */
const RATIO = 2.5;
/** Quiet zone on each side of the barcode, in narrow bars. */
const QUIET = 10;
const CYRILLIC = /[\u0400-\u04FF]+/gu;

/**
 * @typedef {{digits: string, plate: string, destination: string, passenger: string,
 *   legs: {airport: string, flight: string, date: string}[]}} TagPage
 * @typedef {{widthMm: number, lengthMm: number, barcodeHeightMm: number, moduleTenthMm: number, faceIn: boolean}} Layout
 */

/** The layout of the job being drawn (one job at a time: jobs arrive as messages and are drawn in turn). */
let layout;

const mm = (value) => value * PT_PER_MM;

/** Splits text into runs of one script, so each run is drawn with the subset font that holds its glyphs. */
function runs(text) {
  const parts = [];
  let last = 0;
  for (const match of text.matchAll(CYRILLIC)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), cyrillic: false });
    parts.push({ text: match[0], cyrillic: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), cyrillic: false });
  return parts;
}

/** Draws one line of text at `y` (mm from the top) within the printable width, shrunk to fit when too long. */
function line(doc, text, y, { size, bold = false, align = 'center', color = 'black', x = 4, width } = {}) {
  const fontOf = (part) =>
    bold ? (part.cyrillic ? 'boldCyr' : 'bold') : part.cyrillic ? 'regularCyr' : 'regular';
  const measure = (fontSize) =>
    runs(text).map((part) => {
      doc.font(fontOf(part)).fontSize(fontSize);
      return { ...part, size: fontSize, width: doc.widthOfString(part.text) };
    });
  const box = mm(width ?? layout.widthMm - 2 * x);
  let parts = measure(size);
  const natural = parts.reduce((sum, part) => sum + part.width, 0);
  if (natural > box) parts = measure((size * box) / natural);
  const total = parts.reduce((sum, part) => sum + part.width, 0);
  let left = mm(x) + (align === 'center' ? (box - total) / 2 : align === 'right' ? box - total : 0);
  doc.fillColor(color);
  for (const part of parts) {
    doc.font(fontOf(part)).fontSize(part.size).text(part.text, left, mm(y), { lineBreak: false });
    left += part.width;
  }
  doc.fillColor('black');
}

/**
 * Draws the Interleaved 2 of 5 barcode of the ten digits as filled rectangles, centred, top at `y` (mm). bwip-js
 * encodes: its `sbs` are bar, space, bar, … as 1 (narrow) or 2 (wide), ending with a space; wide elements are drawn
 * `RATIO` narrow bars wide (bwip-js applies its ratio options only when it draws itself).
 */
function barcode(doc, digits, y) {
  const [{ sbs }] = bwipjs.raw({ bcid: 'interleaved2of5', text: digits });
  const widths = sbs.map((width) => (width > 1 ? RATIO : 1));
  const modules = widths.reduce((sum, width) => sum + width, 0);
  const narrow = Math.min(layout.moduleTenthMm / 10, (layout.widthMm - 2) / (modules + 2 * QUIET));
  let x = (layout.widthMm - modules * narrow) / 2;
  widths.forEach((width, index) => {
    if (index % 2 === 0) doc.rect(mm(x), mm(y), mm(width * narrow), mm(layout.barcodeHeightMm));
    x += width * narrow;
  });
  doc.fill('black');
  line(doc, digits, y + layout.barcodeHeightMm + 1, { size: 9 });
  return y + layout.barcodeHeightMm + 6;
}

/** One tag: RUSH band, destination, legs, passenger, barcode, plate, barcode, and the tear-off stub at the end. */
function drawTag(doc, page) {
  const { widthMm, lengthMm } = layout;
  if (layout.faceIn) doc.rotate(180, { origin: [mm(widthMm) / 2, mm(lengthMm) / 2] });
  doc.rect(mm(3), mm(5), mm(widthMm - 6), mm(13)).fill('black');
  line(doc, 'RUSH', 6.5, { size: 26, bold: true, color: 'white' });
  line(doc, page.destination, 22, { size: 54, bold: true });
  let y = 45;
  for (const leg of page.legs) {
    line(doc, leg.airport, y, { size: 18, bold: true, align: 'left' });
    line(doc, `${leg.flight} / ${leg.date}`, y + 1.5, { size: 11, align: 'right' });
    y += 9;
  }
  if (page.passenger) line(doc, page.passenger, y + 2, { size: 10 });
  y = barcode(doc, page.digits, Math.max(y + 10, 110));
  line(doc, page.plate, y + 2, { size: 26, bold: true });
  y = barcode(doc, page.digits, y + 16);
  const stub = lengthMm - 80;
  if (stub > y + 10) {
    doc
      .moveTo(mm(2), mm(stub))
      .lineTo(mm(widthMm - 2), mm(stub))
      .dash(4, { space: 3 })
      .stroke();
    doc.undash();
    line(doc, 'RUSH', stub + 5, { size: 14, bold: true });
    line(doc, page.plate, stub + 13, { size: 18, bold: true });
    line(doc, page.destination, stub + 23, { size: 24, bold: true });
    barcode(doc, page.digits, stub + 35);
  }
}

/** Renders one job to PDF bytes. */
function render(pages, copies) {
  return new Promise((resolve, reject) => {
    const size = [mm(layout.widthMm), mm(layout.lengthMm)];
    const doc = new PDFDocument({ size, margin: 0, autoFirstPage: false, info: { Title: 'RUSH' } });
    for (const [name, file] of Object.entries(FONTS)) doc.registerFont(name, file);
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    for (const page of pages)
      for (let copy = 0; copy < copies; copy += 1) {
        doc.addPage({ size, margin: 0 });
        drawTag(doc, page);
      }
    doc.end();
  });
}

/** @param {{id: number, pages: TagPage[], copies: number, layout: Layout}} job */
async function onJob(job) {
  try {
    layout = job.layout;
    const bytes = await render(job.pages, job.copies);
    parentPort?.postMessage({ id: job.id, type: 'done', bytes }, [bytes.buffer]);
  } catch (error) {
    parentPort?.postMessage({ id: job.id, type: 'failed', message: String(error?.stack ?? error) });
  }
}

// Jobs are drawn one after another: rendering is synchronous, so a second job waits for the first to end.
let queue = Promise.resolve();
parentPort?.on('message', (job) => {
  queue = queue.then(() => onJob(job));
});
