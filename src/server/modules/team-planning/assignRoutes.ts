import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assignPreviewSchema,
  assignResultSchema,
  reassignSchema,
  suitableTeamsSchema,
  teamFlightLinkSchema,
} from '../../../shared/team-planning.ts';
import { plainQuery } from '../../http/list.ts';
import { queryId } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';
import { READ, TAGS, WRITE } from './rules.ts';

const route = routeGroup({ tags: TAGS, access: WRITE });

const ASSIGN =
  'Тело {flight_aid, team_id}. Каждая задача оборота, которой нужна должность бригады, получает членов бригады этой ' +
  'должности (сначала основных, затем у кого меньше задач), никому — две пересекающиеся задачи (учитываются все его ' +
  'задачи), только тем, чьи навыки дают доступ к работе, типам ресурсов, ресурсам и типу ВС задачи (элемент, к ' +
  'которому не даёт доступ ни один навык, доступен всем). Люди этих должностей не из бригады с задач снимаются. ' +
  'Отказ 422 (fields и message — тексты полей через «. »): у рейса уже есть бригада, бригада расформирована, у рейса ' +
  'нет задач её должностей, бригада не на смене во время этих задач, нет ни одного свободного сотрудника должности ' +
  'для задачи. Одна транзакция; ответ {team_flight_id, tasks, assignments}.';

/** Assign, de-assign, reassign and the suitable teams of a turnaround. */
export async function assignRoutes(app: FastifyInstance, { services }: ModuleOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = services.teamPlanning;
  const base = '/team-planning/v1';

  typed.get(
    `${base}/suitable-teams`,
    route({
      summary: 'Бригады для рейса (flight_aid): подходящие первыми, у остальных — причины',
      description:
        'Бригады (видимые пользователю, не расформированные), чья смена пересекает окно оборота. Подходящая ' +
        '(suitable) — назначение прошло бы без отказа и ни одной задаче рейса не хватило бы людей должностей ' +
        'бригады; possible — назначение прошло бы (возможно, с нехваткой). У рейса с бригадой остальные ' +
        'оцениваются как переназначение. Порядок: подходящие, возможные, больше покрытых потребностей рейса, ' +
        'меньше нехватки, по названию. reasons — короткие причины («Не хватает сотрудников: грузчик ×4»).',
      querystring: plainQuery({ flight_aid: queryId }),
      response: suitableTeamsSchema,
      access: READ,
    }),
    (request) => service.suitable(request.query.flight_aid, request.user, request.timeZone),
  );

  typed.get(
    `${base}/team-flight/preview`,
    route({
      summary: 'Что сделает назначение (или переназначение) бригады на рейс, без записи',
      description:
        'flight_aid, team_id и, для переназначения, from_team_id. possible=false и reasons — тексты отказа, ' +
        'которым ответило бы назначение. Иначе removed и added — сколько назначений на задачи рейса будет снято ' +
        '(люди должностей бригады не из неё; при переназначении — и прежняя бригада) и добавлено, shortage — ' +
        'сколько людей каждой должности бригады не хватит, tasks — задачи, которые изменятся или останутся ' +
        'неукомплектованными. 403/404 — как у записи.',
      querystring: plainQuery({ flight_aid: queryId, team_id: queryId, from_team_id: queryId.optional() }),
      response: assignPreviewSchema,
    }),
    (request) =>
      service.preview(
        request.query.flight_aid,
        request.query.team_id,
        request.query.from_team_id,
        request.user,
        request.timeZone,
      ),
  );

  const assign = route({ summary: 'Назначение бригады на рейс', response: assignResultSchema });
  typed.post(
    `${base}/team-flight/assign`,
    { ...assign, schema: { ...assign.schema, description: ASSIGN, body: teamFlightLinkSchema } },
    (request) =>
      service.assign(request.body.flight_aid, request.body.team_id, request.user, request.timeZone),
  );

  const deassign = route({ summary: 'Снятие бригады с рейса', response: assignResultSchema });
  typed.post(
    `${base}/team-flight/de-assign`,
    {
      ...deassign,
      schema: {
        ...deassign.schema,
        description:
          'Тело {flight_aid, team_id}. Члены бригады снимаются с задач оборота, связь удаляется; одна транзакция. ' +
          '422 на flight_aid, если рейс не назначен этой бригаде. Ответ: assignments — снятых назначений.',
        body: teamFlightLinkSchema,
      },
    },
    (request) => service.deassign(request.body.flight_aid, request.body.team_id, request.user),
  );

  const reassign = route({ summary: 'Переназначение рейса другой бригаде', response: assignResultSchema });
  typed.post(
    `${base}/team-flight/reassign`,
    {
      ...reassign,
      schema: {
        ...reassign.schema,
        description:
          'Тело {flight_aid, from_team_id, to_team_id}: снятие с первой и назначение второй одной транзакцией; любой ' +
          'отказ назначения (как у assign) оставляет рейс за первой бригадой.',
        body: reassignSchema,
      },
    },
    (request) =>
      service.reassign(
        request.body.flight_aid,
        request.body.from_team_id,
        request.body.to_team_id,
        request.user,
        request.timeZone,
      ),
  );
}
