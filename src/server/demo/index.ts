export { isDemoLoaded, loadDemoAirport } from './load.ts';
