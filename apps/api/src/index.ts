export { createApp } from './app.js';
export { createApiProcess } from './main.js';
export { createOpsApp } from './ops-app.js';
export type { RouteDef } from './http/route.js';
