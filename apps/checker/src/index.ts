export { createCheckerApp } from './app.js';
export { MAINTENANCE_SCHEDULES, ensureMaintenanceSchedulers } from './maintenance-schedulers.js';
