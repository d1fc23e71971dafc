import type { FastifyPluginAsync } from 'fastify';
import type { MailConfig } from '../config.ts';
import type { DbHandle } from '../db/client.ts';
import { allocationRoutes } from './allocation/routes.ts';
import { createAllocationService } from './allocation/service.ts';
import { auditRoutes } from './audit/routes.ts';
import { createAuditService } from './audit/service.ts';
import { brsConfigRoutes } from './brs-config/routes.ts';
import { createBrsConfigService } from './brs-config/service.ts';
import { delayEmployeeRoutes } from './delay-employee/routes.ts';
import { createDelayEmployeeService } from './delay-employee/service.ts';
import { delayReasonsRoutes } from './delay-reasons/routes.ts';
import { createDelayReasonsService } from './delay-reasons/service.ts';
import { flightTableRoutes } from './flight-table/routes.ts';
import { createFlightTableService } from './flight-table/service.ts';
import { planningCalcRoutes } from './planning-calc/routes.ts';
import { createPlanningCalcService } from './planning-calc/service.ts';
import { createVacationService } from './planning-calc/vacation.ts';
import { postalStatementsRoutes } from './postal-statements/routes.ts';
import { createPostalStatementsService } from './postal-statements/service.ts';
import { printingRoutes } from './printing/routes.ts';
import { createPrintingService } from './printing/service.ts';
import { referenceRoutes } from './reference/routes.ts';
import { createReferenceService } from './reference/service.ts';
import { rushBaggageRoutes } from './rush-baggage/routes.ts';
import { createRushBaggageService } from './rush-baggage/service.ts';
import { shiftSchedulesRoutes } from './shift-schedules/routes.ts';
import { createShiftSchedulesService } from './shift-schedules/service.ts';
import { skillAccessRoutes } from './skill-access/routes.ts';
import { createSkillAccessService } from './skill-access/service.ts';
import { createPlanningDemandService } from './staff-planning/demand.ts';
import { planningDemandRoutes } from './staff-planning/demandRoutes.ts';
import { staffPlanningRoutes } from './staff-planning/routes.ts';
import { createStaffPlanningService } from './staff-planning/service.ts';
import { createPlanningShiftsService } from './staff-planning/shifts.ts';
import { tariffCalcRoutes } from './tariff-calc/routes.ts';
import { createTariffCalcService } from './tariff-calc/service.ts';
import { tariffVipRoutes } from './tariff-vip/routes.ts';
import { createTariffVipService } from './tariff-vip/service.ts';
import { teamPlanningRoutes } from './team-planning/routes.ts';
import { createTeamPlanningService } from './team-planning/service.ts';
import { turnaroundRoutes } from './turnaround/routes.ts';
import { createTurnaroundService } from './turnaround/service.ts';
import { workplaceRoutes } from './workplace/routes.ts';
import { createWorkplaceService } from './workplace/service.ts';

/** What the services are built from; each service takes only the part it uses (`Pick<>`). */
export interface ServiceDeps {
  db: DbHandle;
  /** The domains rush mail may go to (config `RUSH_MAIL_DOMAINS`); empty or left out: any address. */
  rushMailDomains?: readonly string[];
}

/**
 * Every module's service, built once per app (in `buildApp`). Tests build the app with some of them replaced
 * (`buildApp({..., services: {reference: fake}})`) or call a service directly on a test database.
 * Example: `createServices({db}).reference.named('pay-type', query)`.
 */
export function createServices({ db, rushMailDomains }: ServiceDeps) {
  return {
    allocation: createAllocationService(db),
    audit: createAuditService(db),
    brsConfig: createBrsConfigService(db),
    delayEmployee: createDelayEmployeeService(db),
    delayReasons: createDelayReasonsService(db),
    flightTable: createFlightTableService(db),
    planningCalc: createPlanningCalcService(db),
    planningVacation: createVacationService(db),
    postalStatements: createPostalStatementsService(db),
    printing: createPrintingService(db),
    reference: createReferenceService(db),
    rushBaggage: createRushBaggageService(db, { mailDomains: rushMailDomains }),
    shiftSchedules: createShiftSchedulesService(db),
    skillAccess: createSkillAccessService(db),
    staffPlanning: createStaffPlanningService(db),
    planningDemand: createPlanningDemandService(db),
    planningShifts: createPlanningShiftsService(db),
    tariffCalc: createTariffCalcService(db),
    tariffVip: createTariffVipService(db),
    teamPlanning: createTeamPlanningService(db),
    turnaround: createTurnaroundService(db),
    workplace: createWorkplaceService(db),
  };
}

export type Services = ReturnType<typeof createServices>;

/** What every module plugin receives: the services, so a route never builds one. */
export interface ModuleOptions {
  services: Services;
  /** Outgoing mail; without it rush e-mails only wait in the outbox. */
  mail?: MailConfig;
}

/** Every module's routes, registered under /api with the services. Each module adds its plugin here. */
export const modules: FastifyPluginAsync<ModuleOptions>[] = [
  allocationRoutes,
  auditRoutes,
  brsConfigRoutes,
  delayEmployeeRoutes,
  delayReasonsRoutes,
  flightTableRoutes,
  planningCalcRoutes,
  postalStatementsRoutes,
  printingRoutes,
  referenceRoutes,
  rushBaggageRoutes,
  shiftSchedulesRoutes,
  skillAccessRoutes,
  staffPlanningRoutes,
  planningDemandRoutes,
  tariffCalcRoutes,
  tariffVipRoutes,
  teamPlanningRoutes,
  turnaroundRoutes,
  workplaceRoutes,
];
