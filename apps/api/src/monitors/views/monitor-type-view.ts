import type { ListedMonitor, Monitor } from '@vigil/core';
import type { ConfigTypeFields, CreatedTypeFields, ListedMonitorView } from '../monitor.schema.js';

/** The columns every list row has (the monitor list store reads them). */
export type { ListedMonitor };

/**
 * The type-specific fields of each monitor view (monitor-views.ts adds the common ones): http's
 * own (http.view.ts) and one for every configured type (below); a new type needs none.
 */
export interface MonitorTypeView {
  /** In the 201 body of create. */
  created(m: Monitor): CreatedTypeFields;
  /** In the detail view and the answers of update: the type's configuration. */
  config(m: Monitor): ConfigTypeFields;
  /** In the list view. */
  list(m: ListedMonitor): Pick<ListedMonitorView, 'url' | 'method'>;
}

/**
 * A type configured by `config`: `url` is the display form of its target (tcp://host:port,
 * dns:name?type=A), `config` its configuration.
 */
export const configuredTypeView: MonitorTypeView = {
  created: (m) => ({ url: m.url, ...(m.config ? { config: m.config } : {}) }),
  config: (m) => ({ url: m.url, ...(m.config ? { config: m.config } : {}) }),
  list: (m) => ({ url: m.url }),
};
