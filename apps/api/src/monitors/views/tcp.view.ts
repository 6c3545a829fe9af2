import { configuredTypeView, type MonitorTypeView } from './monitor-type-view.js';

/** tcp: url tcp://host:port (tls:// with a handshake) and config {host, port, tls, verify_tls, servername}. */
export const tcpView: MonitorTypeView = configuredTypeView;
