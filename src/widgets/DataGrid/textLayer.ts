/**
 * The text of the body's plain cells drawn on one canvas over the row slots. A scrolled frame then writes no DOM text:
 * nothing to lay out, shape or paint per cell, only fillText calls, which is what keeps a wide table (the flight
 * table draws ~180 cells a frame) within a frame budget. The cells' DOM text is still written, transparent, once the
 * scrolling stops (see GridBody), so screen readers, find-in-page, copying and tests read the same rows.
 *
 * The canvas lies over the slots and moves with them (the same transform), one band of `rowHeight` per slot, from the
 * first drawn cell's left edge to the last one's right edge.
 */

/** Where a column's text goes in a row: its cell's left edge and width (px, from the canvas's left), padding, align. */
export interface TextColumn {
  x: number;
  width: number;
  paddingLeft: number;
  paddingRight: number;
  align: 'left' | 'right' | 'center';
}

/** Measures a text's width in px in the layer's font. */
export type MeasureText = (text: string) => number;

const ELLIPSIS = '…';

/**
 * Whether a text surely fits `room` px without measuring it: `widest` bounds the width of any one UTF-16 unit of it
 * (most cells; those are drawn as they are). `surelyFits('SU 100', 60, 10)` is true, `surelyFits('SU 1000', 60, 10)`
 * false (it may still fit: only a measure tells).
 */
export function surelyFits(text: string, room: number, widest: number): boolean {
  return text.length * widest <= room;
}

/**
 * The text as a cell `room` px wide shows it with `text-overflow: ellipsis`: whole when it fits, else the longest
 * start that fits with '…' after it (the ellipsis alone when nothing does).
 * `fitText('Санкт-Петербург', 60, m)` is 'Санкт…' for a measure `m` that gives 10 px a letter.
 */
export function fitText(text: string, room: number, measure: MeasureText): string {
  if (measure(text) <= room) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (measure(text.slice(0, mid) + ELLIPSIS) <= room) low = mid;
    else high = mid - 1;
  }
  return text.slice(0, low).trimEnd() + ELLIPSIS;
}

/** Whether this document can draw a canvas layer (a test's DOM, jsdom, cannot: it has no canvas 2D). */
export function canDrawText(): boolean {
  return typeof OffscreenCanvas !== 'undefined';
}

/** Fitted texts kept at most (a scroll through a month meets a few thousand distinct strings). */
const FITTED_MAX = 20_000;

/**
 * Glyphs at least as wide as any a cell shows in one UTF-16 unit: Latin and Cyrillic capitals, the dashes, signs and
 * a CJK ideograph (one em). A character outside the BMP takes two units, so it is bounded by twice this.
 */
const WIDE_GLYPHS = ['W', 'M', '@', '%', 'Ш', 'Щ', 'Ж', 'Ю', 'Ы', 'Ф', 'М', '—', '…', '№', '™', '漢'];

/**
 * Where a line of text in `cell` has its baseline, below the top of the cell's row (px): a zero-sized inline block
 * sits on the baseline, so the canvas draws where the document draws the cells' text (the rich cells' included).
 * Half the row height when the document lays nothing out.
 */
function baselineOf(cell: HTMLElement, rowHeight: number): number {
  const row = cell.parentElement;
  if (!row) return rowHeight / 2;
  // Measured in an empty copy of the cell holding only text: the cell itself may hold a rich cell's block content (a
  // form, a block link), after which the probe would sit on a line of its own, below the text's.
  const textCell = cell.cloneNode(false) as HTMLElement;
  // A sideways grid's cells have content-visibility: auto, and a copy just inserted counts as off screen: its
  // content is not laid out and the probe sat 6 px high (the «№» of service calcs drawn above the other cells' text).
  textCell.style.contentVisibility = 'visible';
  const probe = document.createElement('span');
  probe.style.cssText = 'display:inline-block;width:0;height:0;vertical-align:baseline';
  textCell.append('Ж', probe);
  row.append(textCell);
  const baseline = probe.getBoundingClientRect().top - row.getBoundingClientRect().top;
  textCell.remove();
  return baseline > 0 && baseline < rowHeight ? baseline : rowHeight / 2;
}

/** Draws rows of cell texts into a canvas; `configure` after every change of columns, widths, size or font. */
export class TextLayer {
  private context: CanvasRenderingContext2D | null = null;
  private columns: TextColumn[] = [];
  private rowHeight = 0;
  /** Where the cells' text baseline sits below a row's top (px), as the document lays it out. */
  private baseline = 0;
  private width = 0;
  /** The widest of WIDE_GLYPHS in the font (px), a bound for every unit of a cell's text. */
  private widest = Number.POSITIVE_INFINITY;
  private readonly widths = new Map<string, number>();
  private readonly fitted = new Map<string, string>();
  private readonly measure: MeasureText = (text) => {
    let width = this.widths.get(text);
    if (width === undefined) {
      width = this.context?.measureText(text).width ?? 0;
      if (this.widths.size >= FITTED_MAX) this.widths.clear();
      this.widths.set(text, width);
    }
    return width;
  };

  constructor(readonly canvas: HTMLCanvasElement) {}

  /**
   * Sizes the canvas for `slots` rows and the columns of the first row's cells, takes the font from a cell and the
   * colour from `colorSource` (the cells' own text is transparent). Answers false when the canvas cannot draw.
   */
  configure(row: Element | null, colorSource: Element, slots: number, rowHeight: number): boolean {
    const cells = row ? (Array.from(row.children) as HTMLElement[]) : [];
    if (cells.length === 0) return false;
    const left = cells[0].offsetLeft;
    const last = cells[cells.length - 1];
    const width = last.offsetLeft + last.offsetWidth - left;
    const height = slots * rowHeight;
    const ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.ceil(width * ratio);
    this.canvas.height = Math.ceil(height * ratio);
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.canvas.style.left = `${left}px`;
    const context = this.canvas.getContext('2d');
    if (!context) return false;
    const style = getComputedStyle(cells[0]);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.font = style.font;
    context.fillStyle = getComputedStyle(colorSource).color;
    context.textBaseline = 'alphabetic';
    this.context = context;
    this.rowHeight = rowHeight;
    this.baseline = baselineOf(cells[0], rowHeight);
    this.width = width;
    this.widths.clear();
    this.fitted.clear();
    this.widest = Math.max(...WIDE_GLYPHS.map((glyph) => context.measureText(glyph).width));
    this.columns = cells.map((cell) => {
      const cellStyle = getComputedStyle(cell);
      const align = cellStyle.textAlign;
      return {
        x: cell.offsetLeft - left,
        width: cell.offsetWidth,
        paddingLeft: Number.parseFloat(cellStyle.paddingLeft) || 0,
        paddingRight: Number.parseFloat(cellStyle.paddingRight) || 0,
        align: align === 'right' || align === 'end' ? 'right' : align === 'center' ? 'center' : 'left',
      };
    });
    return true;
  }

  /**
   * Whether a text fits the room of drawn column `index`, by the layer's own measure (false before `configure`), with
   * a pixel to spare for the document's rounding: the row painter then leaves that cell unclipped, whatever share of
   * the width the column has.
   */
  fits(index: number, text: string): boolean {
    const column = this.columns[index];
    if (!column || !this.context) return false;
    const room = column.width - column.paddingLeft - column.paddingRight - 1;
    return surelyFits(text, room, this.widest) || this.measure(text) <= room;
  }

  /** Draws a slot's texts, one per drawn column (null: a rich cell, drawn by React, left empty here). */
  drawRow(slot: number, texts: readonly (string | null)[]): void {
    const context = this.context;
    if (!context) return;
    const top = slot * this.rowHeight;
    context.clearRect(0, top, this.width, this.rowHeight);
    const baseline = top + this.baseline;
    for (let i = 0; i < texts.length; i += 1) {
      const text = texts[i];
      const column = this.columns[i];
      if (!text || !column) continue;
      const room = column.width - column.paddingLeft - column.paddingRight;
      let shown = text;
      if (!surelyFits(text, room, this.widest)) {
        const key = `${room}\u0000${text}`;
        const fitted = this.fitted.get(key);
        if (fitted === undefined) {
          shown = fitText(text, room, this.measure);
          if (this.fitted.size >= FITTED_MAX) this.fitted.clear();
          this.fitted.set(key, shown);
        } else shown = fitted;
      }
      if (column.align === 'left') {
        context.textAlign = 'left';
        context.fillText(shown, column.x + column.paddingLeft, baseline);
      } else if (column.align === 'right') {
        context.textAlign = 'right';
        context.fillText(shown, column.x + column.width - column.paddingRight, baseline);
      } else {
        context.textAlign = 'center';
        context.fillText(
          shown,
          column.x + (column.paddingLeft + column.width - column.paddingRight) / 2,
          baseline,
        );
      }
    }
  }
}
