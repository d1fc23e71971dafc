import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx, dayCell, momentCell, timeCell } from './xlsx.ts';

async function read(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

describe('a spreadsheet of the worker', () => {
  it('writes dates and times as Excel dates on the zone’s wall clock, empty cells empty', async () => {
    const book = await read(
      await buildXlsx([
        {
          name: 'Т',
          headers: ['Дата', 'Момент', 'Время', 'Пусто'],
          // 17:10 UTC is 20:10 in Moscow and 03:10 the next day in Vladivostok.
          rows: [
            [
              dayCell('2026-11-24'),
              momentCell(new Date('2026-11-24T17:10:00Z'), 'Asia/Vladivostok'),
              timeCell(90),
              momentCell(null, 'Europe/Moscow'),
            ],
          ],
        },
      ]),
    );
    const row = book.worksheets[0].getRow(2);
    expect([1, 2, 3].map((c) => [row.getCell(c).value, row.getCell(c).numFmt])).toEqual([
      [new Date('2026-11-24T00:00:00Z'), 'dd.mm.yyyy'],
      [new Date('2026-11-25T03:10:00Z'), 'dd.mm.yyyy hh:mm'],
      [new Date('1899-12-30T01:30:00Z'), 'hh:mm'],
    ]);
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.Date);
    expect(row.getCell(4).value).toBeNull();
  });

  it('prints landscape one page wide with the header on each page, in the body’s font, every column sized', async () => {
    const long = 'Москва – Сочи, '.repeat(10);
    const book = await read(
      await buildXlsx([
        {
          name: 'План',
          headers: ['Рейс', 'Направление', 'N'],
          rows: [
            ['SU 1', long, 1],
            ['SU 2', 'Сочи', 2],
          ],
        },
        { name: 'Сводка', lead: [['Расчёт', 'Июнь']], headers: ['Должность'], rows: [['Грузчик']] },
      ]),
    );
    const [sheet, summary] = book.worksheets;
    expect(sheet.pageSetup).toMatchObject({
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '1:1',
    });
    expect(sheet.getRow(1).getCell(1).font).toMatchObject({ name: 'Calibri', size: 11, bold: true });
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // Every width is written (exceljs leaves out a width of 9) and leaves room for the filter arrow.
    for (const column of [1, 2, 3]) {
      const width = sheet.getColumn(column).width as number;
      expect(width).toBeGreaterThanOrEqual(10);
      expect(width).toBeGreaterThanOrEqual(String(sheet.getRow(1).getCell(column).value).length + 3);
    }
    // The long text column is capped and wraps; its row is as high as its lines.
    expect(sheet.getColumn(2).width).toBe(52);
    expect(sheet.getRow(2).getCell(2).alignment).toMatchObject({ wrapText: true });
    expect(sheet.getRow(2).height).toBe(45);
    expect(sheet.getRow(3).height).toBeUndefined();
    // Lead lines above the table: the header row, freeze and print titles follow them.
    expect(summary.getRow(1).values).toEqual([undefined, 'Расчёт', 'Июнь']);
    expect(summary.getRow(3).getCell(1).value).toBe('Должность');
    expect(summary.pageSetup.printTitlesRow).toBe('3:3');
    expect(summary.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
  });
});

describe('when a sheet has many rows', () => {
  it('sends them to the spreadsheet thread in parts and writes every one in order', async () => {
    const rows = Array.from({ length: 1234 }, (_, i) => [`Рейс ${i}`, i]);
    const sheet = (await read(await buildXlsx([{ name: 'План', headers: ['Рейс', 'N'], rows }])))
      .worksheets[0];
    expect(sheet.rowCount).toBe(1235);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Рейс 0', 0]);
    expect(sheet.getRow(1235).values).toEqual([undefined, 'Рейс 1233', 1233]);
  });

  it('refuses a row the thread cannot take, and the thread ends', async () => {
    const rows = [['ok'], [(() => 1) as unknown as string]];
    await expect(buildXlsx([{ name: 'План', headers: ['A'], rows }])).rejects.toThrow();
  });
});
