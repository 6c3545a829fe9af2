import type { Kind } from '../document.js';
import { domainKind } from './domains.js';
import { integrationKind } from './integrations.js';
import type { KindAdapter } from './kind.js';
import { maintenanceWindowKind } from './maintenance-windows.js';
import { monitorKind } from './monitors.js';
import { statusPageKind } from './status-pages.js';

export type { AfterCommit, Current, KindAdapter } from './kind.js';

/** Every kind a document declares (the compiler asks for a new kind's adapter). */
export const KIND_ADAPTERS: Record<Kind, KindAdapter> = {
  domain: domainKind,
  monitor: monitorKind,
  integration: integrationKind,
  maintenance_window: maintenanceWindowKind,
  status_page: statusPageKind,
};
