import { configuredTypeView, type MonitorTypeView } from './monitor-type-view.js';

/** dns: url dns:name?type=A (dns://resolver/name?type=A) and config {name, record_type, expected_values, match, resolver}. */
export const dnsView: MonitorTypeView = configuredTypeView;
