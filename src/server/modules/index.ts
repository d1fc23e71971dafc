import type { FastifyPluginAsync } from 'fastify';
import { planningRefsRoutes } from './planning-refs/routes.ts';
import { referenceRoutes } from './reference/routes.ts';

/** Every module's routes, registered under /api. Each module adds its plugin here. */
export const modules: FastifyPluginAsync[] = [referenceRoutes, planningRefsRoutes];
