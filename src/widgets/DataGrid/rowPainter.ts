import { cellContent, isRichColumn, plainText } from './cells.tsx';
import type { RichCells } from './richCells.ts';
import type { TextLayer } from './textLayer.ts';
import type { GridColumn } from './types.ts';

/** What the painter draws: the body's rows and the columns from `from` to `to` (both included) of each. */
export interface PaintInput<T> {
  rows: readonly T[];
  columns: readonly GridColumn<T>[];
  /** The columns' widths in px (null: a share of the room, not known here). */
  widths?: readonly (number | null)[];
  firstSerial: number;
  rowHeight: number;
  from: number;
  to: number;
  rowColor?: (row: T) => string | undefined;
  isRowSelected?: (row: T) => boolean;
}

/** What a row element shows now, so a paint writes only what changed. */
interface SlotState<T> {
  slot: number;
  index: number;
  row: T | undefined;
  generation: number;
  className: string;
  selected: boolean | null;
  color: string;
}

/**
 * The widest a one-line text can be drawn, in em of its font, whatever the font (Verdana's glyphs are among the
 * widest): digits at most 0.65 em, spaces and common punctuation 0.5 em, Latin and Cyrillic letters 1.1 em, anything
 * else 1.6 em. `widestEm('12:30')` is 3.1.
 */
export function widestEm(text: string): number {
  let em = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) em += 0.65;
    else if (NARROW.has(code)) em += 0.5;
    else if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code >= 0x400 && code <= 0x4ff))
      em += 1.1;
    else em += 1.6;
  }
  return em;
}

const NARROW = new Set([...' .,:;/-()–'].map((char) => char.charCodeAt(0)));

/**
 * How many row slots the body recycles: the rows a viewport can meet (one more for a partly shown row) and one more
 * for the first row being even, so a slot keeps its stripe. `rowSlots(480, 36)` is 16.
 */
export function rowSlots(height: number, rowHeight: number): number {
  return Math.ceil(height / rowHeight) + 2;
}

/**
 * The index of the row in the first slot for a scroll offset: the first row in view rounded down to an even index,
 * and never so far down that a slot is left empty. The painter writes the rows within the scroll event, before the
 * frame is drawn, so no row beyond the viewport is needed: a fast scroll would outrun it anyway.
 * `firstRow(3600, 36, 50_000, 18)` is 100.
 */
export function firstRow(scrollTop: number, rowHeight: number, count: number, slots: number): number {
  const top = Math.floor(scrollTop / rowHeight);
  return Math.max(0, Math.min(top - (top & 1), count - slots));
}

/**
 * Fills the body's recycled row elements by direct DOM writes: a scrolled frame moves one container and rewrites the
 * text of the cells whose row changed, with no React render, no new nodes and no layout read but the scroll offset.
 * React draws the empty rows and cells (and rich cells' content through RichCells); the painter owns the rows'
 * class, `aria-rowindex`, `aria-selected` and background, and one text node per cell.
 */
export class RowPainter<T> {
  private first = -1;
  private generation = 0;
  private drawn: { columns: unknown; from: number; to: number; firstSerial: number; slots: number } | null =
    null;
  private readonly states = new WeakMap<Element, SlotState<T>>();
  private readonly texts = new WeakMap<Element, Text>();
  /** Cells marked `data-fits`: their text surely fits, so they need no clip (a clip per cell costs every frame). */
  private readonly fitting = new WeakSet<Element>();
  /** Rich cells marked `data-rich`: they show React content, and their ellipsis keeps its colour over the canvas. */
  private readonly richShown = new WeakSet<Element>();
  /** The cell under the pointer given its whole text as a `title` (its text is clipped): one at a time. */
  private titled: Element | null = null;
  /** The body cells' font size and horizontal padding in px, read once per column set; NaN when unknown. */
  private metrics: CellMetrics = { fontSize: Number.NaN, padding: Number.NaN };
  /** The canvas the plain texts are drawn on, when the document can draw one (see textLayer.ts). */
  private layer: TextLayer | null = null;
  /** Whether the layer draws the texts now (configured for the current columns and slots). */
  private drawing = false;
  /** Slots whose cells' DOM text is behind the canvas, with the texts drawn: written by `flushText` once the scrolling stops. */
  private readonly stale = new Map<number, (string | null)[]>();

  /** `measure` reads a body cell's font size and padding (a test gives them; a test's DOM has none). */
  constructor(
    private readonly rich: RichCells,
    private readonly measure: (cell: Element | null) => CellMetrics = cellMetrics,
  ) {}

  /**
   * Draws the rows for the scroll offset into `container`'s row elements. `force` (after React drew) repaints every
   * row's class, choice and colour; otherwise only rows whose slot now holds another row are written.
   */
  paint(container: HTMLElement, scrollTop: number, input: PaintInput<T>, force: boolean): void {
    const elements = container.children;
    const slots = elements.length;
    const first = firstRow(scrollTop, input.rowHeight, input.rows.length, slots);
    if (!force && first === this.first) return;
    const drawn = this.drawn;
    if (
      !drawn ||
      drawn.columns !== input.columns ||
      drawn.from !== input.from ||
      drawn.to !== input.to ||
      drawn.firstSerial !== input.firstSerial ||
      drawn.slots !== slots
    ) {
      this.generation += 1;
      this.drawn = {
        columns: input.columns,
        from: input.from,
        to: input.to,
        firstSerial: input.firstSerial,
        slots,
      };
      this.metrics = this.measure(elements[0]?.firstElementChild ?? null);
      this.drawing = this.configureLayer(container, slots, input.rowHeight);
    }
    if (force || first !== this.first) this.dropTitle();
    if (first !== this.first) {
      const transform = `translateY(${first * input.rowHeight}px)`;
      container.style.transform = transform;
      if (this.layer) this.layer.canvas.style.transform = transform;
      this.first = first;
    }
    for (let slot = 0; slot < slots; slot += 1) {
      this.paintRow(elements[slot] as HTMLElement, slot, first + slot, input, force);
    }
  }

  /** Draws the plain texts on `layer` from the next paint on (null: in the cells' DOM text, as a test's DOM does). */
  attachLayer(layer: TextLayer | null): void {
    if (this.layer && this.layer !== layer) this.layer.canvas.classList.remove('is-drawing');
    this.layer = layer;
    this.drawing = false;
    this.drawn = null;
  }

  /** Whether some cells' DOM text is behind what the canvas shows. */
  get hasStaleText(): boolean {
    return this.stale.size > 0;
  }

  /** Writes the DOM text of the cells the scrolled frames left to the canvas alone (call it when the scroll stops). */
  flushText(container: HTMLElement, input: PaintInput<T>): void {
    const elements = container.children;
    for (const [slot, texts] of this.stale) {
      const element = elements[slot];
      if (element) this.writeCells(element, input, texts);
    }
    this.stale.clear();
  }

  /**
   * Gives the body cell around `target` its whole text as a tooltip (`title`) when the text is clipped on screen, and
   * takes it from the cell that had it. Cells with React content are left to it (their own `title`, if any).
   */
  showWholeText(container: HTMLElement, target: EventTarget | null, input: PaintInput<T>): void {
    const cell = target instanceof Element ? target.closest('[role=cell]') : null;
    if (cell === this.titled) return;
    this.dropTitle();
    if (!cell || cell.parentElement?.parentElement !== container || cell.firstElementChild) return;
    // The canvas may be ahead of the cells' DOM text and their marks: write them for the rows shown first.
    if (this.stale.size > 0) this.flushText(container, input);
    if (this.fitting.has(cell)) return;
    const text = cell.textContent ?? '';
    if (!text || cell.scrollWidth <= cell.clientWidth) return;
    cell.setAttribute('title', text);
    this.titled = cell;
  }

  /** The index of the row drawn by the row element around `target`, or null outside the body's rows. */
  rowAt(container: HTMLElement, target: EventTarget | null): number | null {
    const element = target instanceof Element ? target.closest('[role=row]') : null;
    if (!element || element.parentElement !== container) return null;
    return this.states.get(element)?.index ?? null;
  }

  private paintRow(element: HTMLElement, slot: number, index: number, input: PaintInput<T>, force: boolean) {
    const row = input.rows[index];
    let state = this.states.get(element);
    if (!state || state.slot !== slot) {
      state = { slot, index: -1, row: undefined, generation: -1, className: '', selected: null, color: '' };
      this.states.set(element, state);
    }
    const moved = state.index !== index || state.row !== row || state.generation !== this.generation;
    if (!moved && !force) return;
    if (moved) {
      if (state.index !== index) element.setAttribute('aria-rowindex', String(index + 1));
      this.paintCells(element, slot, index, row, input, force);
      state.index = index;
      state.row = row;
      state.generation = this.generation;
    }
    const selected = input.isRowSelected ? input.isRowSelected(row) : null;
    if (selected !== state.selected) {
      if (selected === null) element.removeAttribute('aria-selected');
      else element.setAttribute('aria-selected', String(selected));
      state.selected = selected;
    }
    const stripe = index % 2 ? 'w-grid__row is-odd' : 'w-grid__row';
    const className = selected ? `${stripe} is-selected` : stripe;
    if (className !== state.className) {
      element.className = className;
      state.className = className;
    }
    const color = (!selected && input.rowColor?.(row)) || '';
    if (color !== state.color) {
      element.style.background = color;
      state.color = color;
    }
  }

  /**
   * Writes a row's cells: rich cells' React content, the plain texts on the canvas when it draws, and the DOM text,
   * except in a scrolled frame over the canvas, which leaves it to `flushText`.
   */
  private paintCells(
    element: HTMLElement,
    slot: number,
    index: number,
    row: T,
    input: PaintInput<T>,
    force: boolean,
  ) {
    const texts: (string | null)[] = [];
    for (let i = 0; i < element.children.length; i += 1) {
      const columnIndex = input.from + i;
      const column = input.columns[columnIndex];
      if (!column) {
        texts.push(null);
        continue;
      }
      const content = cellContent(column, row, index, input.firstSerial);
      const text = plainText(content);
      if (isRichColumn(column)) {
        this.rich.set(slot, columnIndex, text === null ? content : null);
        // An empty cell keeps its mark: nothing of its own shows either way, and no change is no style work.
        if (text !== '') mark(element.children[i], 'data-rich', this.richShown, text === null);
      }
      texts.push(text);
    }
    if (this.drawing) this.layer?.drawRow(slot, texts);
    if (this.drawing && !force) this.stale.set(slot, texts);
    else {
      this.writeCells(element, input, texts);
      this.stale.delete(slot);
    }
  }

  /** Writes the DOM text of a row's cells, `texts` as paintCells computed them. */
  private writeCells(element: Element, input: PaintInput<T>, texts: readonly (string | null)[]) {
    const cells = element.children;
    for (let i = 0; i < cells.length; i += 1) {
      const columnIndex = input.from + i;
      const column = input.columns[columnIndex];
      if (!column) continue;
      const cell = cells[i];
      const text = texts[i];
      this.write(cell, text ?? '');
      mark(cell, 'data-fits', this.fitting, text !== null && this.textFits(input, i, text));
    }
  }

  /** Configures the layer for the slots' cells; answers whether it draws (and marks the canvas so, for the CSS). */
  private configureLayer(container: HTMLElement, slots: number, rowHeight: number): boolean {
    const layer = this.layer;
    if (!layer) return false;
    const body = container.parentElement ?? container;
    const drawing = layer.configure(container.children[0] ?? null, body, slots, rowHeight);
    layer.canvas.classList.toggle('is-drawing', drawing);
    layer.canvas.style.transform = container.style.transform;
    this.stale.clear();
    return drawing;
  }

  /**
   * Whether a cell's text surely fits: measured by the layer where it draws (columns sharing the width included),
   * else judged by `widestEm` against a column width given in px.
   */
  private textFits(input: PaintInput<T>, drawnIndex: number, text: string): boolean {
    if (this.drawing && this.layer) return this.layer.fits(drawnIndex, text);
    const width = input.widths?.[input.from + drawnIndex] ?? null;
    const { fontSize, padding } = this.metrics;
    return width !== null && widestEm(text) * fontSize <= width - padding;
  }

  private dropTitle() {
    this.titled?.removeAttribute('title');
    this.titled = null;
  }

  private write(cell: Element, value: string) {
    let text = this.texts.get(cell);
    if (!text) {
      text = document.createTextNode(value);
      cell.insertBefore(text, cell.firstChild);
      this.texts.set(cell, text);
      return;
    }
    if (text.data !== value) text.data = value;
  }
}

/** Sets or removes a cell's flag attribute; `marked` holds the cells that have it (no write when unchanged). */
function mark(cell: Element, attribute: string, marked: WeakSet<Element>, on: boolean): void {
  if (on === marked.has(cell)) return;
  if (on) {
    cell.setAttribute(attribute, '');
    marked.add(cell);
  } else {
    cell.removeAttribute(attribute);
    marked.delete(cell);
  }
}

/** A body cell's font size and horizontal padding in px. */
interface CellMetrics {
  fontSize: number;
  padding: number;
}

/** A body cell's font size and horizontal padding in px (NaN when not known, as in a test's DOM). */
function cellMetrics(cell: Element | null): CellMetrics {
  if (!cell) return { fontSize: Number.NaN, padding: Number.NaN };
  const style = getComputedStyle(cell);
  return {
    fontSize: Number.parseFloat(style.fontSize),
    padding: Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight),
  };
}
