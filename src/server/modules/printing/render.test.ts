import bwipjs from 'bwip-js/node';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { PRINT_LIMITS } from '../../../shared/printing.ts';
import { renderTagsPdf, type TagLayout } from './render.ts';
import { type TagPage, tagPage } from './tagPage.ts';

const LAYOUT: TagLayout = {
  widthMm: 54,
  lengthMm: 470,
  barcodeHeightMm: 20,
  moduleTenthMm: 4,
  faceIn: false,
};
const PT = 72 / 25.4;

const page: TagPage = tagPage({
  id: 1,
  new_tag: '2555123456',
  licence_plate: 'SU 123456',
  carrier: { id: 1, name: 'Аэрофлот', iata_code: 'SU', numeric_code: '555' },
  passenger: 'Иванов Иван',
  original_tag: '0555000001',
  routing: [
    {
      number_in_route: 1,
      airport_iata: 'SVO',
      airport_name: 'Шереметьево',
      airline_code: 'SU',
      flight_number: '1235',
      date: '2026-11-23',
    },
    {
      number_in_route: 2,
      airport_iata: 'LED',
      airport_name: 'Пулково',
      airline_code: 'SU',
      flight_number: '26',
      date: '2026-11-24',
    },
  ],
  issued_at: '2026-11-23 08:00:00',
});

async function open(pdf: Buffer) {
  return getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
}

/** Every filled rectangle of a page, as pdfkit wrote them (`x y w h re`), in points. */
async function rectangles(pdf: Buffer, pageNumber = 1) {
  const doc = await open(pdf);
  const ops = await (await doc.getPage(pageNumber)).getOperatorList();
  const rects: { x: number; y: number; w: number; h: number }[] = [];
  ops.fnArray.forEach((fn, i) => {
    if (fn !== OPS.constructPath) return;
    const [kinds, coords] = ops.argsArray[i] as [number[], number[]];
    let at = 0;
    for (const kind of kinds) {
      if (kind === OPS.rectangle) {
        const [x, y, w, h] = coords.slice(at, at + 4);
        rects.push({ x, y, w, h });
        at += 4;
      } else
        at +=
          kind === OPS.curveTo
            ? 6
            : kind === OPS.curveTo2 || kind === OPS.curveTo3
              ? 4
              : kind === OPS.closePath
                ? 0
                : 2;
    }
  });
  return rects;
}

async function pageTexts(pdf: Buffer): Promise<string[]> {
  const doc = await open(pdf);
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  return texts;
}

/** Interleaved 2 of 5 digit patterns (n narrow, w wide), independent of bwip-js: ISO/IEC 16390. */
const PATTERNS = ['nnwwn', 'wnnnw', 'nwnnw', 'wwnnn', 'nnwnw', 'wnwnn', 'nwwnn', 'nnnww', 'wnnwn', 'nwnwn'];

/** Reads the digits back from bar and space widths: start nnnn, pairs of digits interleaved, stop wnn. */
function decodeInterleaved(widths: number[]): string {
  const narrow = Math.min(...widths);
  const marks = widths.map((w) => (w > narrow * 1.6 ? 'w' : 'n'));
  expect(marks.slice(0, 4).join('')).toBe('nnnn');
  expect(marks.slice(-3).join('')).toBe('wnn');
  const body = marks.slice(4, -3);
  let digits = '';
  for (let at = 0; at < body.length; at += 10) {
    const bars = [0, 2, 4, 6, 8].map((k) => body[at + k]).join('');
    const spaces = [1, 3, 5, 7, 9].map((k) => body[at + k]).join('');
    digits += `${PATTERNS.indexOf(bars)}${PATTERNS.indexOf(spaces)}`;
  }
  return digits;
}

/** Bar and space widths of the first barcode on the page: the rectangles as tall as the template's barcode. */
function firstBarcodeWidths(rects: { x: number; y: number; w: number; h: number }[]): number[] {
  const tall = rects.filter((r) => Math.abs(Math.abs(r.h) - LAYOUT.barcodeHeightMm * PT) < 0.01);
  const top = Math.min(...tall.map((r) => r.y));
  const bars = tall.filter((r) => Math.abs(r.y - top) < 0.01).sort((a, b) => a.x - b.x);
  const widths: number[] = [];
  bars.forEach((bar, i) => {
    if (i > 0) widths.push(bar.x - (bars[i - 1].x + bars[i - 1].w));
    widths.push(bar.w);
  });
  return widths;
}

describe('rendering a rush tag to PDF', () => {
  it('draws an Interleaved 2 of 5 barcode whose bars decode to the ten digits and match bwip-js', async () => {
    const pdf = await renderTagsPdf([page], 1, LAYOUT);
    const widths = firstBarcodeWidths(await rectangles(pdf));
    expect(decodeInterleaved(widths)).toBe('2555123456');
    // bwip-js's encoding: bar, space, … as 1 narrow or 2 wide, then a trailing space; drawn wide is 2.5 narrow.
    const [encoded] = bwipjs.raw({ bcid: 'interleaved2of5', text: '2555123456' });
    const sbs = 'sbs' in encoded ? encoded.sbs : [];
    const narrow = Math.min(...widths);
    expect(widths.map((w) => Math.round((w / narrow) * 10) / 10)).toEqual(
      sbs.slice(0, -1).map((w) => (w > 1 ? 2.5 : 1)),
    );
    expect(narrow).toBeCloseTo(0.4 * PT, 3);
  });

  it('prints the plate with the carrier code, the digits, the routing and the passenger', async () => {
    const [text] = await pageTexts(await renderTagsPdf([page], 1, LAYOUT));
    for (const words of [
      'RUSH',
      'SU 123456',
      '2555123456',
      'SVO',
      'SU 1235 / 23NOV',
      'LED',
      'SU 26 / 24NOV',
      'Иванов Иван',
    ])
      expect(text).toContain(words);
  });

  it('prints one page per tag and copy, each page the size of the template', async () => {
    const other = { ...page, digits: '2555000042', plate: 'SU 000042' };
    const pdf = await renderTagsPdf([page, other], 2, LAYOUT);
    const doc = await open(pdf);
    expect(doc.numPages).toBe(4);
    const [, , width, height] = (await doc.getPage(1)).view;
    expect(width).toBeCloseTo(54 * PT, 1);
    expect(height).toBeCloseTo(470 * PT, 1);
    expect((await pageTexts(pdf)).map((text) => text.includes('SU 000042'))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it("keeps the largest print allowed (100 long tags × 5 copies on the longest stock) well under a stored row's bound", async () => {
    const tags = Array.from({ length: PRINT_LIMITS.tags }, (_, i) => ({
      ...page,
      digits: String(2_555_000_000 + i * 7919),
      plate: `SU ${String(i * 7919).padStart(6, '0')}`,
      passenger: `Константинопольский-Аксельрод Александр Вениаминович ${i}`,
      legs: [...page.legs, { airport: 'VVO', flight: 'SU 1600', date: '25NOV' }],
    }));
    const pdf = await renderTagsPdf(tags, PRINT_LIMITS.copies, {
      ...LAYOUT,
      lengthMm: 1000,
      moduleTenthMm: 10,
    });
    expect((await open(pdf)).numPages).toBe(PRINT_LIMITS.tags * PRINT_LIMITS.copies);
    // About 0.8 MB: the spool keeps each PDF in one print_files row, whose check allows 8 MB.
    expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
  });

  it('answers jobs rendered at the same time each with its own tags', async () => {
    const other = { ...page, digits: '2555000042', plate: 'SU 000042' };
    const [first, second] = await Promise.all([
      renderTagsPdf([page], 1, LAYOUT),
      renderTagsPdf([other, other], 1, LAYOUT),
    ]);
    expect((await pageTexts(first)).join()).toContain('SU 123456');
    expect(await pageTexts(second)).toEqual([
      expect.stringContaining('SU 000042'),
      expect.stringContaining('SU 000042'),
    ]);
  });

  it('shrinks a line too long for the tag, so no text runs past the edge', async () => {
    const long = { ...page, passenger: 'Константинопольский-Аксельрод Александр Вениаминович' };
    const doc = await open(await renderTagsPdf([long], 1, LAYOUT));
    const content = await (await doc.getPage(1)).getTextContent();
    const items = content.items.filter((item) => 'str' in item && item.str.trim() !== '');
    expect(items.map((item) => ('str' in item ? item.str : '')).join('')).toContain('Вениаминович');
    for (const item of items)
      if ('transform' in item) {
        expect(item.transform[4]).toBeGreaterThanOrEqual(0);
        expect(item.transform[4] + item.width).toBeLessThanOrEqual(54 * PT + 0.01);
      }
  });

  it('turns a face-in page by 180° (a −1 0 0 −1 transform) and keeps its words', async () => {
    const inward = await renderTagsPdf([page], 1, { ...LAYOUT, faceIn: true });
    const doc = await open(inward);
    const ops = await (await doc.getPage(1)).getOperatorList();
    const turns = ops.fnArray
      .map((fn, i) => (fn === OPS.transform ? (ops.argsArray[i] as number[]) : null))
      .filter((m): m is number[] => m !== null && Math.round(m[0]) === -1 && Math.round(m[3]) === -1);
    expect(turns.length).toBeGreaterThan(0);
    expect((await pageTexts(inward))[0]).toContain('SU 123456');
  });
});
