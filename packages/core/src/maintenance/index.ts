export * from './zoned-time.js';
export * from './recurrence.js';
export * from './window-coverage.js';
export * from './maintenance-lookup.js';
export * from './maintenance-window-store.js';
