/**
 * Service calculations (calcs, spec 2.5, 3.5, 3.6, 4.5, 5, 7.4): the form the client sends, every rule of spec 5
 * written once for the modal and the server, the answer shapes and the list keys of the grid.
 */
import { apiDateTime } from './apiFormats.ts';
import { MESSAGES, z } from './messages.ts';
import { countRu } from './plural.ts';
import { idSchema } from './reference.ts';
import { editVersionField, rowVersionSchema } from './rowVersion.ts';
import { safeText } from './text.ts';

/** Calc source (derived on load from the lists that are filled): 1 jobs, 2 medical services, 3 VIP services. */
export const CALC_SOURCE = { job: 1, med: 2, vip: 3 } as const;
/** Calc type: 1 Duration, 2 Operations, 3 Indicators; -1 in the form means unset. */
export const CALC_TYPE = { duration: 1, operations: 2, indicators: 3 } as const;
/** Group type: 1 total per flight, 2 fixed quantity. */
export const GROUP_TYPE = { total: 1, fixed: 2 } as const;
/** Group types as the calc form and the audit trail name them. */
export const GROUP_TYPES = [
  { id: GROUP_TYPE.total, name: 'Итого' },
  { id: GROUP_TYPE.fixed, name: 'Фиксированное количество' },
];
/** Start and end params of a job entry: 1 the job's start, 2 its ending. */
export const JOB_PARAM = { start: 1, end: 2 } as const;
/** Job params as the calc form and the audit trail name them. */
export const JOB_PARAMS = [
  { id: JOB_PARAM.start, name: 'Начало' },
  { id: JOB_PARAM.end, name: 'Окончание' },
];
/** Flight directions of a calc (1 departure, 2 arrival); service map types add 3 turnaround. */
export const CALC_DIRECTIONS = [
  { id: 1, name: 'Вылет' },
  { id: 2, name: 'Прилёт' },
] as const;
export const SERVICE_MAP_TYPES = [
  { id: 1, name: 'Вылет' },
  { id: 2, name: 'Прилёт' },
  { id: 3, name: 'Оборот' },
] as const;
/** Rounding id 1 is "no rounding": it clears and disables accuracy. */
export const NO_ROUNDING_ID = 1;

/** Russian texts of the calc form (spec 8). */
export const CALC_MESSAGES = {
  required: MESSAGES.required,
  /** error.needChange: equal start and end job with equal params. */
  needChange: 'Измените работу или параметр начала/окончания',
  /** error.youTrying: a job entry equal to an earlier one. */
  youTrying: 'Вы пытаетесь создать дубликат',
  nonNegative: 'Значение не может быть отрицательным',
  number: 'Ожидается число',
  tooLarge: 'Слишком большое значение',
  operationsOnly: 'Для медицинских и VIP-услуг расчёт возможен только по операциям',
  notOfSource: 'Не относится к выбранному источнику',
  indicatorRequired: 'Выберите показатель работы',
  unknownIds: 'Выбраны несуществующие значения',
  indicatorOfOtherJob: 'Показатель не относится к выбранной работе',
  /** 409 of a delete: the calc has billing charges on turnarounds. */
  deleteReferenced: (count: number) =>
    `Расчёт нельзя удалить: по нему есть ${countRu(count, ['начисление', 'начисления', 'начислений'])} на рейсах`,
} as const;

/** Largest accuracy, coeff and minimum amount: numeric(14, 4) in the database. */
const MAX_CALC_NUMBER = 9_999_999_999;

const MAX_TEXT = 255;
const text = (max = MAX_TEXT) => safeText().trim().max(max, `Не более ${max} символов`);
/** A non-negative number or null (spec 5: empty means null). */
const amount = z
  .number(CALC_MESSAGES.number)
  .min(0, CALC_MESSAGES.nonNegative)
  .max(MAX_CALC_NUMBER, CALC_MESSAGES.tooLarge)
  .nullable()
  .default(null);
/** An id list; duplicates are dropped. */
const ids = z
  .array(idSchema)
  .max(1000)
  .default([])
  .transform((list) => [...new Set(list)]);
/** An id or the unset marker (-1 or null), checked by the rules below rather than by type. */
const optionalRef = z.union([idSchema, z.literal(-1), z.null()]).default(null);
const param = z.union([z.literal(JOB_PARAM.start), z.literal(JOB_PARAM.end), z.null()]).default(null);

/**
 * One job entry (`calcJob[i]`). Duration: start job + param and end job + param, all four required. Operations and
 * Indicators: one entry per counted job in `start_job_id` (end job and params null); Indicators also names the
 * job's indicator in `job_indicator_id`.
 */
const calcJobEntrySchema = z.object({
  start_job_id: optionalRef,
  start_param: param,
  end_job_id: optionalRef,
  end_param: param,
  job_indicator_id: optionalRef,
});

const calcFormShape = {
  /** Derived on load; the form sends the chosen source. Null means unset. */
  calcSourceType: z
    .union([z.literal(CALC_SOURCE.job), z.literal(CALC_SOURCE.med), z.literal(CALC_SOURCE.vip), z.null()])
    .default(null),
  service: z
    .object({
      name_ru: text().default(''),
      name_en: text()
        .nullable()
        .default(null)
        .transform((name) => name || null),
      id_1c: text(64).default(''),
    })
    .default({ name_ru: '', name_en: null, id_1c: '' }),
  calc_type_id: z
    .union([
      z.literal(CALC_TYPE.duration),
      z.literal(CALC_TYPE.operations),
      z.literal(CALC_TYPE.indicators),
      z.literal(-1),
      z.null(),
    ])
    .default(null),
  format_id: optionalRef,
  rounding_id: optionalRef,
  accuracy: amount,
  group_type: z.union([z.literal(GROUP_TYPE.total), z.literal(GROUP_TYPE.fixed), z.null()]).default(null),
  coeff: amount,
  minimum_amount: amount,
  is_rounding_first: z.boolean().default(true),
  is_accuracy_first: z.boolean().default(true),
  is_using_plan_time: z.boolean().default(false),
  calc_direction_id: z
    .array(z.union([z.literal(1), z.literal(2)]))
    .default([1, 2])
    .transform((list) => [...new Set(list)]),
  calcServiceMapType: z
    .array(z.union([z.literal(1), z.literal(2), z.literal(3)]))
    .default([])
    .transform((list) => [...new Set(list)]),
  calcMedService: ids,
  calcVipService: ids,
  calcJob: z.array(calcJobEntrySchema).max(100).default([]),
  calc_employee_position_id: ids,
  calc_resource_type_id: ids,
  calc_resource_id: ids,
};

type CalcFormShape = z.output<z.ZodObject<typeof calcFormShape>>;

const isSet = (value: number | null) => value !== null && value !== -1;

/**
 * Every submit rule of spec 5 for a calc, as zod issues keyed by the payload paths (`service.name_ru`,
 * `calc_type_id`, `calcJob`, `calcJob.0.end_job_id`, …). The client modal and the server run the same function.
 */
function checkCalc(form: CalcFormShape, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  if (form.service.name_ru === '') issue(['service', 'name_ru'], CALC_MESSAGES.required);
  if (form.service.id_1c === '') issue(['service', 'id_1c'], CALC_MESSAGES.required);
  if (form.calcSourceType === null) issue(['calcSourceType'], CALC_MESSAGES.required);
  if (!isSet(form.calc_type_id)) issue(['calc_type_id'], CALC_MESSAGES.required);
  if (!isSet(form.format_id)) issue(['format_id'], CALC_MESSAGES.required);
  if (!isSet(form.rounding_id)) issue(['rounding_id'], CALC_MESSAGES.required);
  if (form.calc_direction_id.length === 0) issue(['calc_direction_id'], CALC_MESSAGES.required);

  const source = form.calcSourceType;
  if (source === CALC_SOURCE.med && form.calcMedService.length === 0)
    issue(['calcMedService'], CALC_MESSAGES.required);
  if (source === CALC_SOURCE.vip && form.calcVipService.length === 0)
    issue(['calcVipService'], CALC_MESSAGES.required);
  if (source === CALC_SOURCE.job && form.calcJob.length === 0) issue(['calcJob'], CALC_MESSAGES.required);
  if (source !== null && source !== CALC_SOURCE.med && form.calcMedService.length > 0)
    issue(['calcMedService'], CALC_MESSAGES.notOfSource);
  if (source !== null && source !== CALC_SOURCE.vip && form.calcVipService.length > 0)
    issue(['calcVipService'], CALC_MESSAGES.notOfSource);
  if (source !== null && source !== CALC_SOURCE.job && form.calcJob.length > 0)
    issue(['calcJob'], CALC_MESSAGES.notOfSource);
  if (
    (source === CALC_SOURCE.med || source === CALC_SOURCE.vip) &&
    isSet(form.calc_type_id) &&
    form.calc_type_id !== CALC_TYPE.operations
  )
    issue(['calc_type_id'], CALC_MESSAGES.operationsOnly);
  if (source === CALC_SOURCE.job && isSet(form.calc_type_id)) checkJobEntries(form, issue);
}

function checkJobEntries(
  form: CalcFormShape,
  issue: (path: (string | number)[], message: string) => void,
): void {
  const seen = new Set<string>();
  form.calcJob.forEach((entry, i) => {
    const at = (key: keyof typeof entry) => ['calcJob', i, key];
    let complete = isSet(entry.start_job_id);
    if (!complete) issue(at('start_job_id'), CALC_MESSAGES.required);
    if (form.calc_type_id === CALC_TYPE.duration) {
      for (const key of ['start_param', 'end_job_id', 'end_param'] as const) {
        const value = entry[key];
        if (value === null || value === -1) {
          issue(at(key), CALC_MESSAGES.required);
          complete = false;
        }
      }
      if (complete && entry.start_job_id === entry.end_job_id && entry.start_param === entry.end_param) {
        issue(['calcJob', i], CALC_MESSAGES.needChange);
        complete = false;
      }
    } else if (form.calc_type_id === CALC_TYPE.indicators && !isSet(entry.job_indicator_id)) {
      issue(at('job_indicator_id'), CALC_MESSAGES.indicatorRequired);
    }
    if (!complete) return;
    const key = entryKey(form.calc_type_id, entry);
    if (seen.has(key)) issue(['calcJob', i], CALC_MESSAGES.youTrying);
    seen.add(key);
  });
}

/** What makes two entries the same under a calc type: Duration all four, Operations the job, Indicators job + indicator. */
function entryKey(calcType: CalcFormShape['calc_type_id'], entry: CalcJobEntry): string {
  if (calcType === CALC_TYPE.duration)
    return [entry.start_job_id, entry.start_param, entry.end_job_id, entry.end_param].join(':');
  if (calcType === CALC_TYPE.indicators) return `${entry.start_job_id}:${entry.job_indicator_id}`;
  return String(entry.start_job_id);
}

/** The body of `POST /tariff/calc`: the calc form of spec 3.5 (an `id` sent with it is ignored). */
export const calcCreateSchema = z.object(calcFormShape).superRefine(checkCalc);
/**
 * The body of `PATCH /tariff/calc`: the same form with the calc's `id` in the body (spec 7.4), and the optional
 * `version` the editor read (a save over a newer one is a 409).
 */
export const calcUpdateSchema = z
  .object({ ...calcFormShape, id: idSchema, ...editVersionField })
  .superRefine(checkCalc);

/**
 * The form as the client holds it (spec 3.5): `id` null when new; `version` the one read with the calc, sent back
 * with its save (null when new).
 */
export type CalcForm = z.input<typeof calcCreateSchema> & { id: number | null; version: string | null };
/** A valid create body after parsing. */
export type CalcCreate = z.output<typeof calcCreateSchema>;
export type CalcUpdate = z.output<typeof calcUpdateSchema>;
type CalcJobEntry = z.output<typeof calcJobEntrySchema>;

/** A fresh form as the modal opens it (spec 4.5): the first format and rounding, group type 1. */
export function emptyCalcForm(firstFormatId: number | null, firstRoundingId: number | null): CalcForm {
  return {
    id: null,
    version: null,
    calcSourceType: null,
    service: { name_ru: '', name_en: null, id_1c: '' },
    calc_type_id: -1,
    format_id: firstFormatId,
    rounding_id: firstRoundingId,
    accuracy: null,
    group_type: GROUP_TYPE.total,
    coeff: null,
    minimum_amount: null,
    is_rounding_first: true,
    is_accuracy_first: true,
    is_using_plan_time: false,
    calc_direction_id: [1, 2],
    calcServiceMapType: [],
    calcMedService: [],
    calcVipService: [],
    calcJob: [],
    calc_employee_position_id: [],
    calc_resource_type_id: [],
    calc_resource_id: [],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Answers (spec 3.6)

const id = z.number().int();
const named = z.object({ id, name: z.string() });

/** A calc as the server answers it (list rows and `GET /tariff/calc/{id}`): nested named objects. */
export const calcSchema = z.object({
  id,
  /** Derived from the lists that are filled: 2 when medical services, 3 when VIP services, else 1. */
  calcSourceType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  service: z.object({ id, name_ru: z.string(), name_en: z.string().nullable(), id_1c: z.string() }),
  calc_type: named,
  format: z.object({ id, name: z.string(), name_full: z.string() }),
  rounding: z.object({ id, name: z.string(), name_full: z.string() }),
  group_type: z.number().int().nullable(),
  accuracy: z.number().nullable(),
  coeff: z.number().nullable(),
  minimum_amount: z.number().nullable(),
  is_rounding_first: z.boolean(),
  is_accuracy_first: z.boolean(),
  is_using_plan_time: z.boolean(),
  calcServiceMapType: z.array(named),
  calcVipService: z.array(z.object({ vip_service: named })),
  calcMedService: z.array(z.object({ med_service: named })),
  calcJob: z.array(
    z.object({
      start_job: named,
      start_param: z.number().int().nullable(),
      end_job: named.nullable(),
      end_param: z.number().int().nullable(),
      job_indicator: z.object({ id, job_id: id, indicator_name: z.string() }).nullable(),
    }),
  ),
  calcDirection: z.array(z.object({ direction: named })),
  calcEmployeePosition: z.array(named),
  calcResourceType: z.array(named),
  calcResource: z.array(named),
  /** The calc row's version: every save writes the row, so it covers the lists too. */
  version: rowVersionSchema,
});
export type Calc = z.infer<typeof calcSchema>;

/** The form of a loaded calc (edit mode): the answer turned back into what the modal edits. */
export function calcToForm(calc: Calc): CalcForm {
  return {
    id: calc.id,
    version: calc.version,
    calcSourceType: calc.calcSourceType,
    service: { name_ru: calc.service.name_ru, name_en: calc.service.name_en, id_1c: calc.service.id_1c },
    calc_type_id: calc.calc_type.id as CalcForm['calc_type_id'],
    format_id: calc.format.id,
    rounding_id: calc.rounding.id,
    accuracy: calc.accuracy,
    group_type: calc.group_type as CalcForm['group_type'],
    coeff: calc.coeff,
    minimum_amount: calc.minimum_amount,
    is_rounding_first: calc.is_rounding_first,
    is_accuracy_first: calc.is_accuracy_first,
    is_using_plan_time: calc.is_using_plan_time,
    calc_direction_id: calc.calcDirection.map((d) => d.direction.id as 1 | 2),
    calcServiceMapType: calc.calcServiceMapType.map((t) => t.id as 1 | 2 | 3),
    calcMedService: calc.calcMedService.map((m) => m.med_service.id),
    calcVipService: calc.calcVipService.map((v) => v.vip_service.id),
    calcJob: calc.calcJob.map((entry) => ({
      start_job_id: entry.start_job.id,
      start_param: entry.start_param as 1 | 2 | null,
      end_job_id: entry.end_job?.id ?? null,
      end_param: entry.end_param as 1 | 2 | null,
      job_indicator_id: entry.job_indicator?.id ?? null,
    })),
    calc_employee_position_id: calc.calcEmployeePosition.map((p) => p.id),
    calc_resource_type_id: calc.calcResourceType.map((t) => t.id),
    calc_resource_id: calc.calcResource.map((r) => r.id),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The grid (spec 2.5): every column but the serial number sorts and filters, under these keys.

/**
 * Filter and sort keys of `GET /tariff/calc`, one per grid column. Text keys filter by "contains"
 * (case-insensitive) on the shown names: for list columns a calc matches when any of its items does; `calc_type`
 * and `format` take ids (select filters, one or many). A list column sorts by the first of its names in Russian
 * order; calcs without one come last.
 */
export const CALC_TEXT_FILTER_KEYS = [
  'name_ru',
  'name_en',
  'id_1c',
  'start_job',
  'end_job',
  'med_service',
  'vip_service',
  'job_indicator',
  'employee_position',
  'resource_type',
  'resource',
] as const;
export const CALC_ID_FILTER_KEYS = ['calc_type', 'format'] as const;
export const CALC_SORT_KEYS = ['id', ...CALC_TEXT_FILTER_KEYS, ...CALC_ID_FILTER_KEYS] as const;

// ---------------------------------------------------------------------------------------------------------------
// Evaluation on a turnaround (beyond the spec): `GET /tariff/calc/{id}/evaluate?flight_aid=`

const leg = z.object({
  id,
  /** Airline code and number: 'SU 1234'. */
  flight_number: z.string(),
  /** 1 departure, 2 arrival. */
  direction: z.number().int(),
  /** On-block of an arrival, off-block of a departure: 'YYYY-MM-DD HH:mm:ss' in the request's zone. */
  plan_at: apiDateTime,
});

const evaluatedTask = z.object({
  id,
  flight_id: id,
  job: named,
  begin: apiDateTime,
  end: apiDateTime,
  /** Whether the times shown are plan times (true) or fact times (false). */
  plan: z.boolean(),
});

/** One step from the raw quantity to the billable result, in the order applied. */
const calcStepSchema = z.object({
  /** raw, units, coeff, rounding, accuracy, minimum. */
  kind: z.enum(['raw', 'units', 'coeff', 'rounding', 'accuracy', 'minimum']),
  /** Russian: what was done ('Коэффициент 1,5'). */
  label: z.string(),
  before: z.number(),
  after: z.number(),
});

export const calcEvaluationSchema = z.object({
  calc_id: id,
  flight_aid: id,
  arrival: leg.nullable(),
  departure: leg.nullable(),
  /** The matched tasks of the calc's directions and jobs. */
  tasks: z.array(evaluatedTask),
  /** Duration: one line per job entry, with the minutes it measured (null when a job was missing). */
  entries: z.array(
    z.object({
      start_job: named,
      start_param: z.number().int().nullable(),
      end_job: named.nullable(),
      end_param: z.number().int().nullable(),
      from: apiDateTime.nullable(),
      to: apiDateTime.nullable(),
      minutes: z.number().nullable(),
      note: z.string().nullable(),
    }),
  ),
  /** Minutes (Duration), count (Operations) or indicator value (Indicators); null when it cannot be known. */
  raw: z.number().nullable(),
  /** The unit of `raw` in Russian ('мин', 'шт'). */
  raw_unit: z.string(),
  steps: z.array(calcStepSchema),
  /** The billable quantity in the calc's format; null when the raw value is unknown. */
  result: z.number().nullable(),
  format: z.object({ id, name: z.string(), name_full: z.string() }),
  /** Russian notes: why something is missing or how a rule was read. */
  notes: z.array(z.string()),
});
export type CalcEvaluation = z.infer<typeof calcEvaluationSchema>;
export type CalcStep = z.infer<typeof calcStepSchema>;
