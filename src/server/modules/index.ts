import type { FastifyPluginAsync } from 'fastify';

/** Every module's routes, registered under /api. Each module adds its plugin here. */
export const modules: FastifyPluginAsync[] = [];
