export { main, USAGE } from './main.js';
export { startApps, parseAppNames, APP_NAMES, type AppName, type RunningApps } from './commands/start.js';
