import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { RichCells } from './richCells.ts';
import { firstRow, type PaintInput, RowPainter, rowSlots, widestEm } from './rowPainter.ts';
import type { TextLayer } from './textLayer.ts';
import type { GridColumn } from './types.ts';

interface Flight {
  id: number;
  flight: string;
  late: boolean;
}

const ROWS: Flight[] = Array.from({ length: 1000 }, (_, index) => ({
  id: index + 1,
  flight: `SU ${1000 + index}`,
  late: index % 3 === 0,
}));

const COLUMNS: GridColumn<Flight>[] = [
  { key: 'serial', title: '№', kind: 'serial' },
  { key: 'flight', title: 'Рейс' },
  {
    key: 'late',
    title: 'Задержка',
    kind: 'render',
    render: (row) => (row.late ? createElement('b', null, 'поздно') : 'в срок'),
  },
];

/** A slot container as GridBody draws it: `slots` rows of empty cells, one per column. */
function slotsOf(slots: number, columns = COLUMNS.length): HTMLElement {
  const container = document.createElement('div');
  for (let slot = 0; slot < slots; slot += 1) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    for (let column = 0; column < columns; column += 1) {
      const cell = document.createElement('div');
      cell.setAttribute('role', 'cell');
      row.append(cell);
    }
    container.append(row);
  }
  return container;
}

function input(overrides: Partial<PaintInput<Flight>> = {}): PaintInput<Flight> {
  return { rows: ROWS, columns: COLUMNS, firstSerial: 1, rowHeight: 36, from: 0, to: 2, ...overrides };
}

const texts = (container: HTMLElement) =>
  [...container.children].map((row) => [...row.children].map((cell) => cell.textContent));

describe('rowSlots and firstRow', () => {
  it('recycles enough slots for a viewport and a partly shown row, plus one for an even first row', () => {
    expect(rowSlots(480, 36)).toBe(16);
    expect(rowSlots(560, 36)).toBe(18);
  });

  it('starts at the first row in view rounded down to an even index', () => {
    expect(firstRow(0, 36, 1000, 16)).toBe(0);
    expect(firstRow(3600, 36, 1000, 16)).toBe(100);
    expect(firstRow(3636, 36, 1000, 16)).toBe(100);
    expect(firstRow(3672, 36, 1000, 16)).toBe(102);
  });

  it('never leaves a slot empty at the end of the rows', () => {
    expect(firstRow(36_000, 36, 1000, 16)).toBe(984);
    expect(firstRow(500, 36, 10, 10)).toBe(0);
  });

  it('covers every row in view for any scroll offset', () => {
    const slots = rowSlots(480, 36);
    for (let top = 0; top < 36 * 900; top += 7) {
      const first = firstRow(top, 36, 1000, slots);
      expect(first).toBeLessThanOrEqual(Math.floor(top / 36));
      expect(first + slots - 1).toBeGreaterThanOrEqual(Math.min(999, Math.floor((top + 479) / 36)));
    }
  });
});

describe('when the painter draws rows', () => {
  it('writes the text of the rows in view into the slots and moves the container to the first of them', () => {
    const container = slotsOf(4);
    new RowPainter<Flight>(new RichCells()).paint(container, 36 * 10, input(), true);
    expect(texts(container)).toEqual([
      ['11', 'SU 1010', 'в срок'],
      ['12', 'SU 1011', 'в срок'],
      ['13', 'SU 1012', ''],
      ['14', 'SU 1013', 'в срок'],
    ]);
    expect(container.style.transform).toBe('translateY(360px)');
    expect(container.children[0].getAttribute('aria-rowindex')).toBe('11');
  });

  it('gives rows their stripe and keeps the React content of a rich cell for its RichCell', () => {
    const rich = new RichCells();
    const container = slotsOf(4);
    new RowPainter<Flight>(rich).paint(container, 36 * 10, input(), true);
    expect(container.children[0].className).toBe('w-grid__row');
    expect(container.children[1].className).toBe('w-grid__row is-odd');
    expect(rich.get(2, 2)).toMatchObject({ type: 'b', props: { children: 'поздно' } });
    expect(rich.get(0, 2)).toBeNull();
  });

  it('rewrites the text nodes it made on a scroll instead of making new ones', () => {
    const container = slotsOf(4);
    const painter = new RowPainter<Flight>(new RichCells());
    painter.paint(container, 0, input(), true);
    const node = container.children[0].children[1].firstChild;
    painter.paint(container, 36 * 500, input(), false);
    expect(container.children[0].children[1].firstChild).toBe(node);
    expect(node?.textContent).toBe('SU 1500');
  });

  it('leaves the rows alone on a scroll that keeps the same first row', () => {
    const container = slotsOf(4);
    const painter = new RowPainter<Flight>(new RichCells());
    painter.paint(container, 36 * 10, input(), true);
    (container.children[0].children[1].firstChild as Text).data = 'touched';
    painter.paint(container, 36 * 10 + 20, input(), false);
    expect(container.children[0].children[1].textContent).toBe('touched');
  });

  it('marks chosen rows and colours the others after a render', () => {
    const container = slotsOf(4);
    const painter = new RowPainter<Flight>(new RichCells());
    const chosen = new Set([2]);
    painter.paint(
      container,
      0,
      input({
        isRowSelected: (row) => chosen.has(row.id),
        rowColor: (row) => (row.late ? 'pink' : undefined),
      }),
      true,
    );
    const rows = [...container.children] as HTMLElement[];
    expect(rows.map((row) => row.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false', 'false']);
    expect(rows[1].className).toBe('w-grid__row is-odd is-selected');
    expect(rows[0].style.background).toBe('pink');
    chosen.clear();
    chosen.add(4);
    painter.paint(
      container,
      0,
      input({
        isRowSelected: (row) => chosen.has(row.id),
        rowColor: (row) => (row.late ? 'pink' : undefined),
      }),
      true,
    );
    expect(rows.map((row) => row.getAttribute('aria-selected'))).toEqual(['false', 'false', 'false', 'true']);
    expect(rows[3].style.background).toBe('');
  });

  it('draws only the columns from `from` to `to` into the cells a sideways grid put in the DOM', () => {
    const container = slotsOf(2, 2);
    new RowPainter<Flight>(new RichCells()).paint(container, 0, input({ from: 1, to: 2 }), true);
    expect(texts(container)).toEqual([
      ['SU 1000', ''],
      ['SU 1001', 'в срок'],
    ]);
  });

  it('finds the row drawn under an event target, after a scroll', () => {
    const container = slotsOf(4);
    const painter = new RowPainter<Flight>(new RichCells());
    painter.paint(container, 36 * 40, input(), true);
    const cell = container.children[2].children[1];
    expect(painter.rowAt(container, cell)).toBe(42);
    expect(painter.rowAt(container, document.createElement('div'))).toBeNull();
  });

  it('counts serial numbers from the page’s first serial', () => {
    const container = slotsOf(2);
    new RowPainter<Flight>(new RichCells()).paint(container, 0, input({ firstSerial: 21 }), true);
    expect(texts(container).map((row) => row[0])).toEqual(['21', '22']);
  });
});

describe('widestEm', () => {
  it('counts digits, punctuation, letters and other characters at their widest', () => {
    expect(widestEm('12:30')).toBeCloseTo(3.1);
    expect(widestEm('SU 1')).toBeCloseTo(3.35);
    expect(widestEm('Ёж')).toBeCloseTo(2.2);
    expect(widestEm('航')).toBeCloseTo(1.6);
  });
});

describe('when a cell’s text surely fits its column', () => {
  it('marks the cell so it is drawn without a clip, and unmarks it when a longer text comes', () => {
    const container = slotsOf(1);
    const painter = new RowPainter<Flight>(new RichCells(), () => ({ fontSize: 14, padding: 16 }));
    const cell = () => container.children[0].children[1];
    const widths = [null, 120, null];
    const rows = [{ id: 1, flight: 'SU 1', late: false }];
    painter.paint(container, 0, input({ rows, widths }), true);
    expect(cell()).toHaveAttribute('data-fits');
    const longer = [{ id: 1, flight: 'Санкт-Петербург – Москва', late: false }];
    painter.paint(container, 0, input({ rows: longer, widths }), true);
    expect(cell()).not.toHaveAttribute('data-fits');
    expect(container.children[0].children[0]).not.toHaveAttribute('data-fits');
  });
});

/**
 * A text layer that records what it is asked to draw (a test's DOM has no canvas 2D); its measure gives 10 px a
 * character and each drawn column 65 px of room.
 */
class RecordingLayer {
  readonly canvas = document.createElement('canvas');
  readonly rows = new Map<number, readonly (string | null)[]>();
  configure(): boolean {
    return true;
  }
  fits(_index: number, text: string): boolean {
    return text.length * 10 <= 65;
  }
  drawRow(slot: number, texts: readonly (string | null)[]): void {
    this.rows.set(slot, [...texts]);
  }
}

/** A painter over a recording layer and four slots in a parent (as GridBody's body holds them). */
const layered = () => {
  const layer = new RecordingLayer();
  const painter = new RowPainter<Flight>(new RichCells(), () => ({ fontSize: 14, padding: 16 }));
  painter.attachLayer(layer as unknown as TextLayer);
  const container = slotsOf(4);
  document.createElement('div').append(container);
  return { layer, painter, container };
};

describe('RowPainter over a text layer', () => {
  it('draws the plain texts on the layer and writes the DOM text too when React drew (a forced paint)', () => {
    const { layer, painter, container } = layered();
    painter.paint(container, 0, input(), true);
    expect(layer.rows.get(0)).toEqual(['1', 'SU 1000', null]);
    expect(layer.rows.get(1)).toEqual(['2', 'SU 1001', 'в срок']);
    expect(texts(container)[1]).toEqual(['2', 'SU 1001', 'в срок']);
    expect(layer.canvas.classList.contains('is-drawing')).toBe(true);
    expect(painter.hasStaleText).toBe(false);
  });

  it('leaves the DOM text of a scrolled frame to flushText, then writes the rows the slots hold', () => {
    const { layer, painter, container } = layered();
    painter.paint(container, 0, input(), true);
    painter.paint(container, 36 * 10, input(), false);
    expect(layer.rows.get(0)).toEqual(['11', 'SU 1010', 'в срок']);
    expect(texts(container)[0]).toEqual(['1', 'SU 1000', '']);
    expect(painter.hasStaleText).toBe(true);
    painter.flushText(container, input());
    expect(texts(container)[0]).toEqual(['11', 'SU 1010', 'в срок']);
    expect(texts(container)[3]).toEqual(['14', 'SU 1013', 'в срок']);
    expect(painter.hasStaleText).toBe(false);
  });

  it('leaves unclipped the cells the layer measures as fitting, in columns without a width in px', () => {
    const { painter, container } = layered();
    const rows = ROWS.map((row, index) =>
      index === 0 ? { ...row, flight: 'SU 1' } : index === 1 ? { ...row, flight: 'Санкт-Петербург' } : row,
    );
    painter.paint(container, 0, input({ rows }), true);
    expect(container.children[0].children[1]).toHaveAttribute('data-fits');
    expect(container.children[1].children[1]).not.toHaveAttribute('data-fits');
  });

  it('writes the DOM text at once again after the layer is taken away', () => {
    const { layer, painter, container } = layered();
    painter.paint(container, 0, input(), true);
    painter.attachLayer(null);
    expect(layer.canvas.classList.contains('is-drawing')).toBe(false);
    painter.paint(container, 36 * 10, input(), false);
    expect(texts(container)[0]).toEqual(['11', 'SU 1010', 'в срок']);
  });
});

describe('RowPainter, cells with React content', () => {
  it('marks a rich cell while it shows React content, so its ellipsis keeps its colour over the canvas', () => {
    const container = slotsOf(2);
    const painter = new RowPainter<Flight>(new RichCells());
    painter.paint(container, 0, input(), true);
    expect(container.children[0].children[2]).toHaveAttribute('data-rich');
    expect(container.children[1].children[2]).not.toHaveAttribute('data-rich');
    expect(container.children[0].children[1]).not.toHaveAttribute('data-rich');
    painter.paint(container, 36 * 2, input(), false);
    expect(container.children[0].children[2]).not.toHaveAttribute('data-rich');
    expect(container.children[1].children[2]).toHaveAttribute('data-rich');
  });
});

describe('RowPainter.showWholeText', () => {
  /** A cell laid out `shown` px wide with text needing `needed` px (a test's DOM lays nothing out). */
  const layOut = (cell: Element, needed: number, shown: number) => {
    Object.defineProperty(cell, 'scrollWidth', { value: needed, configurable: true });
    Object.defineProperty(cell, 'clientWidth', { value: shown, configurable: true });
  };
  const setUp = () => {
    const rows = ROWS.map((row) => ({ ...row, flight: `Санкт-Петербург ${row.id}` }));
    return { ...layered(), data: input({ rows }) };
  };

  it('gives a clipped cell its whole text as a title, and takes it back when the pointer moves on', () => {
    const { painter, container, data } = setUp();
    painter.paint(container, 0, data, true);
    const first = container.children[0].children[1];
    const second = container.children[1].children[1];
    layOut(first, 180, 100);
    layOut(second, 180, 100);
    painter.showWholeText(container, first, data);
    expect(first.getAttribute('title')).toBe('Санкт-Петербург 1');
    painter.showWholeText(container, second, data);
    expect(first).not.toHaveAttribute('title');
    expect(second.getAttribute('title')).toBe('Санкт-Петербург 2');
    painter.showWholeText(container, container, data);
    expect(second).not.toHaveAttribute('title');
  });

  it('gives no title to a cell whose text is shown whole, nor to a rich cell with React content', () => {
    const { painter, container, data } = setUp();
    painter.paint(container, 0, data, true);
    const fitting = container.children[0].children[1];
    layOut(fitting, 100, 100);
    painter.showWholeText(container, fitting, data);
    expect(fitting).not.toHaveAttribute('title');
    const rich = container.children[0].children[2];
    rich.append(document.createElement('b'));
    layOut(rich, 180, 100);
    painter.showWholeText(container, rich, data);
    expect(rich).not.toHaveAttribute('title');
  });

  it('drops the title when the rows move under the pointer, and names the row shown, not the text left behind', () => {
    const { painter, container, data } = setUp();
    painter.paint(container, 0, data, true);
    const cell = container.children[0].children[1];
    layOut(cell, 180, 100);
    painter.showWholeText(container, cell, data);
    painter.paint(container, 36 * 10, data, false);
    expect(cell).not.toHaveAttribute('title');
    expect(painter.hasStaleText).toBe(true);
    painter.showWholeText(container, cell, data);
    expect(cell.getAttribute('title')).toBe('Санкт-Петербург 11');
    expect(painter.hasStaleText).toBe(false);
  });
});
