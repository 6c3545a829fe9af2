import type { MonitorType } from '@vigil/core';
import { dnsView } from './dns.view.js';
import { heartbeatView } from './heartbeat.view.js';
import { httpView } from './http.view.js';
import type { MonitorTypeView } from './monitor-type-view.js';
import { tcpView } from './tcp.view.js';

export type { ListedMonitor, MonitorTypeView } from './monitor-type-view.js';

/** The view of each type (the compiler asks for a new type's). */
export const MONITOR_TYPE_VIEWS: Record<MonitorType, MonitorTypeView> = {
  http: httpView,
  tcp: tcpView,
  dns: dnsView,
  heartbeat: heartbeatView,
};
