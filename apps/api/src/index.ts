export { createApp } from './app.js';
export { createApiProcess } from './main.js';
export type { RouteDef } from './http/route.js';
