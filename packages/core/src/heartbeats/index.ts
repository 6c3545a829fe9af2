export * from './cron-schedule.js';
export * from './heartbeat-judge.js';
export * from './ping-token.js';
export * from './heartbeat-row.js';
export * from './heartbeat-store.js';
