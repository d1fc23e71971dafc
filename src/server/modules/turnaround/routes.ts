import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/messages.ts';
import { DAY_PATTERN, turnaroundOptionSchema } from '../../../shared/turnaround.ts';
import { wallClockToInstant } from '../../../shared/wallClock.ts';
import { plainQuery } from '../../http/list.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';

const route = routeGroup({ tags: ['Обороты'], access: 'session' });

const DAY_MESSAGE = 'Ожидается дата YYYY-MM-DD';

const dayQuery = plainQuery({
  date: z
    .string(DAY_MESSAGE)
    .regex(DAY_PATTERN, DAY_MESSAGE)
    .refine((day) => wallClockToInstant(`${day} 00:00:00`, 'UTC') !== null, DAY_MESSAGE),
});

/** Turnarounds to choose from (the evaluation panels of the tariff screens). */
export const turnaroundRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.turnaround;

  app.get(
    '/turnaround',
    route({
      summary:
        'Обороты с рейсом в этот день (date=YYYY-MM-DD в зоне Time-Zone): id — aid оборота, name — рейсы, плановое время и тип ВС',
      querystring: dayQuery,
      response: z.array(turnaroundOptionSchema),
    }),
    async (request) => service.ofDay(request.query.date, request.timeZone),
  );
};
