export * from './agent-key.js';
export * from './agent-key-stamp.js';
export * from './location-store.js';
export * from './lease-store.js';
export * from './agent-presence.js';
export * from './location-presence.js';
export * from './agent-protocol.js';
