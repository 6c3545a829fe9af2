import { configuredTypeView, type MonitorTypeView } from './monitor-type-view.js';

/** heartbeat: config {period, grace}; the heartbeat work adds its ping URL here. */
export const heartbeatView: MonitorTypeView = configuredTypeView;
