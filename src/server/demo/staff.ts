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
import { DAY, MINUTE, MOSCOW_OFFSET, Table } from './table.ts';

/** Positions mostly held by women at Russian airports; the rest lean male. */
const MOSTLY_FEMALE = /Агент|Уборщ|Комплектовщ|Диспетчер|Фельдшер|Администратор|Повар/;

export interface StaffData {
  tables: Table[];
  /** Position id by name. */
  positionId: Map<string, number>;
  departmentId: Map<string, number>;
  /** Employee ids per position id. */
  employeesByPosition: Map<number, number[]>;
  /** The duty roster of each employee id. */
  rosters: Map<number, Roster>;
}

/** When an employee works: a shift of `duration` minutes from `begin` minutes after midnight, on `workDays` of every `cycle` days. */
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
 * Whether a roster covers the whole interval [begin, end] (epoch ms).
 * Example: a 08:00 12-hour shift covers 09:00–10:00 Moscow time on its working days.
 */
export function isOnDuty(roster: Roster, begin: number, end: number): boolean {
  const day = Math.floor((begin + MOSCOW_OFFSET) / DAY);
  for (let k = day - 1; k <= day; k += 1) {
    if ((((k + roster.offset) % roster.cycle) + roster.cycle) % roster.cycle >= roster.workDays) continue;
    const start = k * DAY - MOSCOW_OFFSET + roster.begin * MINUTE;
    if (begin >= start && end <= start + roster.duration * MINUTE) return true;
  }
  return false;
}

/** Departments (with contractors'), positions, skills, shifts, scales and ~1,500 × scale employees. */
export function buildStaff(rng: Rng, scale: number, contractors: Table): StaffData {
  const departments = new Table('departments', ['id', 'name', 'full_name', 'contractor_id']);
  const positions = new Table('employee_positions', ['id', 'name', 'department_id']);
  const departmentId = new Map<string, number>();
  const positionId = new Map<string, number>();
  const weights: [number, number, number][] = [];
  for (const [short, full, list] of DEPARTMENTS) {
    const dep = departments.add(departments.rows.length + 1, short, full, null);
    departmentId.set(short, dep);
    for (const [name, weight] of list) {
      const pos = positions.add(positions.rows.length + 1, name, dep);
      positionId.set(name, pos);
      weights.push([pos, dep, weight]);
    }
  }
  for (const [name, inn, deps] of CONTRACTORS) {
    const contractor = contractors.add(contractors.rows.length + 1, name, inn);
    for (const [short, full] of deps)
      departmentId.set(short, departments.add(departments.rows.length + 1, short, full, contractor));
  }

  const skills = new Table('skills', ['id', 'name']);
  SKILLS.forEach((name, i) => {
    skills.add(i + 1, name);
  });
  const shifts = new Table('working_shifts', [
    'id',
    'name',
    'begin_time',
    'duration_minutes',
    'break_minutes',
  ]);
  WORKING_SHIFTS.forEach(([name, begin, duration, pause], i) => {
    shifts.add(i + 1, name, begin, duration, pause);
  });
  const scales = new Table('scales', ['id', 'name', 'period_minutes', 'is_default']);
  SCALES.forEach(([name, period, isDefault], i) => {
    scales.add(i + 1, name, period, isDefault);
  });

  const employees = new Table('employees', [
    'id',
    'surname',
    'first_name',
    'patronymic',
    'name',
    'personnel_number',
    'department_id',
    'employee_position_id',
    'working_shift_id',
    'is_active',
  ]);
  const employeeSkills = new Table('employee_skills', ['employee_id', 'skill_id'], null);
  const employeesByPosition = new Map<number, number[]>();
  const rosters = new Map<number, Roster>();
  const shiftIds = WORKING_SHIFTS.map((_, i) => i + 1);
  const total = weights.reduce((sum, [, , w]) => sum + w, 0);
  const target = 1500 * scale;
  for (const [pos, dep, weight] of weights) {
    const count = Math.max(2, Math.round((weight / total) * target));
    const name = positions.rows[pos - 1][1] as string;
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
      employees.add(
        id,
        surname,
        first,
        middle,
        `${surname} ${first} ${middle}`,
        String(100000 + id),
        dep,
        pos,
        shift,
        rng.chance(0.98),
      );
      list.push(id);
      const held = new Set<number>([1]);
      const extra = rng.int(0, 3);
      for (let k = 0; k < extra; k += 1) held.add(rng.int(2, SKILLS.length));
      for (const skill of [...held].sort((a, b) => a - b)) employeeSkills.add(id, skill);
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
