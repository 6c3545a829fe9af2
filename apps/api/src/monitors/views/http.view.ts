import type { MonitorTypeView } from './monitor-type-view.js';

/** http: the seed's fields, exactly as before types existed. */
export const httpView: MonitorTypeView = {
  created: (m) => ({
    url: m.url,
    method: m.method,
    expected_status_codes: m.expectedStatusCodes,
    expected_content: m.expectedContent,
  }),
  config: (m) => ({
    url: m.url,
    method: m.method,
    expected_status_codes: m.expectedStatusCodes,
    expected_content: m.expectedContent,
    headers: m.headers,
    body: m.body,
    follow_redirects: m.followRedirects,
    verify_ssl: m.verifySsl,
    assertions: m.assertions,
  }),
  list: (m) => ({ url: m.url, method: m.method }),
};
