export { createApp } from './app.js';
export { createOpsApp } from './ops-app.js';
export { mountBullBoard } from './admin/bull-board.js';
export { createPublicApp } from './public-app.js';
export { createApiProcess, createPublicProcess } from './main.js';
export type { RouteDef } from './http/route.js';
