export * from './access.ts';
export * from './demo.ts';
export * from './flights.ts';
export * from './reference.ts';
export * from './staff.ts';
export * from './tariffVip.ts';
export * from './tasks.ts';
export * from './tgo.ts';
