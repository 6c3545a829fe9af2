export { main, USAGE } from './main.js';
export { startApps, parseAppNames, APP_NAMES, SECRET_KEY_APPS, type AppName, type RunningApps } from './commands/start.js';
