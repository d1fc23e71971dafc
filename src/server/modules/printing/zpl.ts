/**
 * The ZPL II stream of a network label printer (language `zpl` of a print template), 203 dpi (8 dots per mm): one
 * label per tag, `^PQ` copies of each. Documented in docs/DECISIONS.md, "Printing".
 */
import type { TagLayout } from './render.ts';
import type { TagPage } from './tagPage.ts';

const DOTS_PER_MM = 8;
const dots = (mm: number) => Math.round(mm * DOTS_PER_MM);

/** Field data may not hold ZPL's command characters; `^CI28` reads the rest as UTF-8. */
function field(text: string): string {
  return text.replace(/[\^~]/gu, ' ');
}

/** A text field at `y` mm, `height` mm tall, centred (or left/right) in the printable width. */
function text(
  value: string,
  y: number,
  height: number,
  layout: TagLayout,
  align: 'C' | 'L' | 'R' = 'C',
): string {
  const h = dots(height);
  return `^FO${dots(3)},${dots(y)}^A0N,${h},${h}^FB${dots(layout.widthMm - 6)},1,0,${align}^FD${field(value)}^FS`;
}

/** `^BY` narrow bar (dots), ratio 2.5, then `^B2` Interleaved 2 of 5 with its digits printed under it, no check digit. */
function barcode(digits: string, y: number, layout: TagLayout): string {
  const narrow = Math.max(1, Math.min(10, Math.round((layout.moduleTenthMm / 10) * DOTS_PER_MM)));
  const width = 88.5 * narrow;
  const x = Math.max(0, Math.round((dots(layout.widthMm) - width) / 2));
  const h = dots(layout.barcodeHeightMm);
  return `^FO${x},${dots(y)}^BY${narrow},2.5,${h}^B2N,${h},Y,N,N^FD${digits}^FS`;
}

/** A dashed line across the label at `y` mm, where the stub tears off: 4 mm dashes, 3 mm apart, as the PDF draws it. */
function tearLine(y: number, layout: TagLayout): string[] {
  const dashes: string[] = [];
  for (let x = 2; x + 4 <= layout.widthMm - 2; x += 7)
    dashes.push(`^FO${dots(x)},${dots(y)}^GB${dots(4)},2,2^FS`);
  return dashes;
}

/**
 * One `^XA … ^XZ` label of a tag: RUSH band (reversed), destination, legs, passenger, barcode, plate, barcode, and
 * the tear-off stub 80 mm from the end (RUSH, plate, destination, barcode) where the stock leaves room, as the PDF.
 * Face-in winding prints inverted (`^POI`). Example: `tagZpl(page, 1, layout)` starts `^XA^CI28^PW432^LL3760^PON`.
 */
export function tagZpl(page: TagPage, copies: number, layout: TagLayout): string {
  const parts = [
    '^XA',
    '^CI28',
    `^PW${dots(layout.widthMm)}`,
    `^LL${dots(layout.lengthMm)}`,
    layout.faceIn ? '^POI' : '^PON',
    '^LH0,0',
    `^FO${dots(3)},${dots(5)}^GB${dots(layout.widthMm - 6)},${dots(13)},${dots(13)}^FS`,
    `^FO${dots(3)},${dots(7)}^FR^A0N,${dots(9)},${dots(9)}^FB${dots(layout.widthMm - 6)},1,0,C^FDRUSH^FS`,
    text(page.destination, 22, 19, layout),
  ];
  let y = 45;
  for (const leg of page.legs) {
    parts.push(
      text(leg.airport, y, 6, layout, 'L'),
      text(`${leg.flight} / ${leg.date}`, y + 1.5, 4, layout, 'R'),
    );
    y += 9;
  }
  if (page.passenger) parts.push(text(page.passenger, y + 2, 3.5, layout));
  y = Math.max(y + 10, 110);
  parts.push(barcode(page.digits, y, layout));
  y += layout.barcodeHeightMm + 6;
  parts.push(text(page.plate, y + 2, 9, layout));
  parts.push(barcode(page.digits, y + 16, layout));
  y += 16 + layout.barcodeHeightMm;
  const stub = layout.lengthMm - 80;
  if (stub > y + 10)
    parts.push(
      ...tearLine(stub, layout),
      text('RUSH', stub + 5, 5, layout),
      text(page.plate, stub + 13, 6.5, layout),
      text(page.destination, stub + 23, 8.5, layout),
      barcode(page.digits, stub + 35, layout),
    );
  parts.push(`^PQ${copies}`, '^XZ');
  return parts.join('\n');
}

/** The whole job: the labels of every tag, one after another, as the bytes sent to port 9100. */
export function jobZpl(pages: TagPage[], copies: number, layout: TagLayout): Buffer {
  return Buffer.from(`${pages.map((page) => tagZpl(page, copies, layout)).join('\n')}\n`, 'utf8');
}
