export * from './acknowledge-incident.js';
export * from './acknowledgement-event.js';
export * from './incident-alert-key.js';
export * from './inbound-acknowledgement.js';
export * from './incident-store.js';
export * from './incident-list-store.js';
