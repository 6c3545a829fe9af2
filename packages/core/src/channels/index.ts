export * from './definition.js';
export * from './channel.js';
export * from './registry.js';
export { generateWebhookSecret } from './webhook/index.js';
export * from './inbound.js';
