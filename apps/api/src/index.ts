export { createApp } from './app.js';
export { createOpsApp } from './ops-app.js';
export { createPublicApp } from './public-app.js';
export { createApiProcess, createPublicProcess } from './main.js';
export type { RouteDef } from './http/route.js';
