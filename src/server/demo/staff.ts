import * as schema from '../db/schema/index.ts';
import type { LocalCalendar } from './calendar.ts';
import { SCALES } from './facts/lists.ts';
import {
  FATHER_NAMES,
  FEMALE_NAMES,
  femaleSurname,
  MALE_NAMES,
  patronymic,
  SURNAMES,
} from './facts/names.ts';
import { CONTRACTORS, DEPARTMENTS, SKILLS, WORKING_SHIFTS } from './facts/staff.ts';
import type { Rng } from './random.ts';
import { type DemoTable, MS_PER_MINUTE, Table } from './table.ts';

/** Positions mostly held by women at Russian airports; the rest lean male. */
const MOSTLY_FEMALE = /Агент|Уборщ|Комплектовщ|Диспетчер|Фельдшер|Администратор|Повар/;

export interface StaffData {
  tables: DemoTable[];
  /** Position id by name. */
  positionId: Map<string, number>;
  departmentId: Map<string, number>;
  /** Employee ids per position id. */
  employeesByPosition: Map<number, number[]>;
  /** The duty roster of each employee id. */
  rosters: Map<number, Roster>;
}

/** When an employee works: a shift of `duration` minutes from `begin` minutes after local midnight, on `workDays` of every `cycle` local days. */
export interface Roster {
  begin: number;
  duration: number;
  cycle: number;
  workDays: number;
  offset: number;
}

/** How often each working shift is held (12-hour two-on-two-off shifts dominate on the ramp). */
const SHIFT_WEIGHTS = [5, 4, 2, 2, 1, 1, 2];

/**
 * Whether a roster covers the whole interval [begin, end] (epoch ms) on the airport's calendar.
 * Example: a 08:00 12-hour shift covers 09:00–10:00 local time on its working days.
 */
export function isOnDuty(roster: Roster, begin: number, end: number, calendar: LocalCalendar): boolean {
  const day = calendar.dayOf(begin);
  for (let k = day - 1; k <= day; k += 1) {
    if ((((k + roster.offset) % roster.cycle) + roster.cycle) % roster.cycle >= roster.workDays) continue;
    const start = calendar.at(k, roster.begin);
    if (begin >= start && end <= start + roster.duration * MS_PER_MINUTE) return true;
  }
  return false;
}

/** Departments (with contractors'), positions, skills, shifts, scales and ~1,500 × scale employees. */
export function buildStaff(
  rng: Rng,
  scale: number,
  contractors: Table<typeof schema.contractors>,
): StaffData {
  const departments = new Table(schema.departments);
  const positions = new Table(schema.employeePositions);
  const departmentId = new Map<string, number>();
  const positionId = new Map<string, number>();
  const weights: [number, number, number][] = [];
  for (const [short, full, list] of DEPARTMENTS) {
    const dep = departments.add({ id: departments.nextId, name: short, fullName: full, contractorId: null });
    departmentId.set(short, dep);
    for (const [name, weight] of list) {
      const pos = positions.add({ id: positions.nextId, name, departmentId: dep });
      positionId.set(name, pos);
      weights.push([pos, dep, weight]);
    }
  }
  for (const [name, inn, deps] of CONTRACTORS) {
    const contractor = contractors.add({ id: contractors.nextId, name, inn });
    for (const [short, full] of deps)
      departmentId.set(
        short,
        departments.add({ id: departments.nextId, name: short, fullName: full, contractorId: contractor }),
      );
  }

  const skills = new Table(schema.skills);
  for (const name of SKILLS) skills.add({ id: skills.nextId, name });
  const shifts = new Table(schema.workingShifts);
  for (const [name, beginTime, durationMinutes, breakMinutes] of WORKING_SHIFTS)
    shifts.add({ id: shifts.nextId, name, beginTime, durationMinutes, breakMinutes });
  const scales = new Table(schema.scales);
  for (const [name, periodMinutes, isDefault] of SCALES)
    scales.add({ id: scales.nextId, name, periodMinutes, isDefault });

  const employees = new Table(schema.employees);
  const employeeSkills = new Table(schema.employeeSkills);
  const employeesByPosition = new Map<number, number[]>();
  const rosters = new Map<number, Roster>();
  const shiftIds = WORKING_SHIFTS.map((_, i) => i + 1);
  const total = weights.reduce((sum, [, , w]) => sum + w, 0);
  const target = 1500 * scale;
  for (const [pos, dep, weight] of weights) {
    const count = Math.max(2, Math.round((weight / total) * target));
    const name = positions.rows[pos - 1].name as string;
    const list: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const male = MOSTLY_FEMALE.test(name) ? rng.chance(0.2) : rng.chance(0.85);
      const base = rng.pick(SURNAMES);
      const surname = male ? base : femaleSurname(base);
      const first = rng.pick(male ? MALE_NAMES : FEMALE_NAMES);
      const middle = patronymic(rng.pick(FATHER_NAMES), male);
      const id = employees.rows.length + 1;
      const shift = rng.weighted(shiftIds, (s) => SHIFT_WEIGHTS[s - 1]);
      const [, beginText, duration] = WORKING_SHIFTS[shift - 1];
      const [hh, mm] = beginText.split(':').map(Number);
      const long = duration >= 720;
      rosters.set(id, {
        begin: hh * 60 + mm,
        duration,
        cycle: long ? 4 : 7,
        workDays: long ? 2 : 5,
        offset: rng.int(0, long ? 3 : 6),
      });
      employees.add({
        id,
        surname,
        firstName: first,
        patronymic: middle,
        name: `${surname} ${first} ${middle}`,
        personnelNumber: String(100000 + id),
        departmentId: dep,
        employeePositionId: pos,
        workingShiftId: shift,
        isActive: rng.chance(0.98),
      });
      list.push(id);
      const held = new Set<number>([1]);
      const extra = rng.int(0, 3);
      for (let k = 0; k < extra; k += 1) held.add(rng.int(2, SKILLS.length));
      for (const skill of [...held].sort((a, b) => a - b))
        employeeSkills.add({ employeeId: id, skillId: skill });
    }
    employeesByPosition.set(pos, list);
  }
  return {
    tables: [departments, positions, skills, shifts, scales, employees, employeeSkills],
    positionId,
    departmentId,
    employeesByPosition,
    rosters,
  };
}
