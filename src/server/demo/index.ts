export { type DemoData, type DemoOptions, demoSettings, generateDemoAirport } from './generate.ts';
export { isDemoLoaded, loadDemoAirport, rowCounts, writeDemoData } from './load.ts';
