import { Worker } from 'node:worker_threads';
import type { ShiftScheduleResult } from '../../../shared/shift-schedule.ts';

export interface Sheet {
  name: string;
  headers: string[];
  rows: (string | number)[][];
}

const WEEKDAYS = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The two sheets of a saved schedule: «Смены» (position, weekday, start, shift, length, break, count) and
 * «Покрытие» (per slot of the typical week: weekday, time, then demand and cover of each position).
 * Example: one position with one shift → «Смены» has one row; «Покрытие» has 672 rows of 2 + 2 columns.
 */
export function scheduleSheets(result: ShiftScheduleResult): Sheet[] {
  const shifts: Sheet = {
    name: 'Смены',
    headers: [
      'Должность',
      'День недели',
      'Начало',
      'Смена',
      'Длительность, мин',
      'Перерыв, мин',
      'Сотрудников',
    ],
    rows: result.positions.flatMap((position) =>
      position.shifts.map((shift) => [
        position.name,
        WEEKDAYS[shift.weekday],
        shift.start,
        shift.name,
        shift.length_minutes,
        shift.break_minutes,
        shift.count,
      ]),
    ),
  };
  const slotsPerDay = 1440 / result.slot_minutes;
  const slots = result.positions[0]?.demand.length ?? 0;
  const cover: Sheet = {
    name: 'Покрытие',
    headers: [
      'День недели',
      'Время',
      ...result.positions.flatMap((p) => [`${p.name}: потребность`, `${p.name}: на смене`]),
    ],
    rows: Array.from({ length: slots }, (_, slot) => {
      const minute = (slot % slotsPerDay) * result.slot_minutes;
      return [
        WEEKDAYS[Math.floor(slot / slotsPerDay)],
        `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`,
        ...result.positions.flatMap((p) => [p.demand[slot], p.cover[slot]]),
      ];
    }),
  };
  return [shifts, cover];
}

/** The .xlsx of the sheets, built in a worker thread (never on the HTTP thread). */
export function buildScheduleXlsx(sheets: Sheet[]): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
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
}
