// Generated from the served OpenAPI document by `npm run generate:client`. Do not edit.
export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Index: name, version and links to the docs, the OpenAPI document and the plans */
        get: operations["get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plans and their limits (JSON, or an HTML page for browsers) */
        get: operations["getPricing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is alive */
        get: operations["getHealthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** PostgreSQL and Redis answer (each check is `ok` or `failed: <reason>`) */
        get: operations["getReadyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics: request counts and durations by route and status, queue depths; at most 1 s old */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the account's API keys (never their secrets; revoked keys stay listed) */
        get: operations["getApiV1ApiKeys"];
        put?: never;
        /** Create an API key; the secret is in `key` and is shown only this once */
        post: operations["postApiV1ApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One API key */
        get: operations["getApiV1ApiKeysId"];
        put?: never;
        post?: never;
        /** Revoke an API key (takes effect on the next request) */
        delete: operations["deleteApiV1ApiKeysId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a new secret for a key and revoke the old one */
        post: operations["postApiV1ApiKeysIdRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's changes, newest first: who (key and IP), when, what (resource and action) and the fields before and after (secrets masked) */
        get: operations["getApiV1AuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The supported integration types, each with its config fields, and the event names */
        get: operations["getApiV1IntegrationsTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's integrations (secrets masked) */
        get: operations["getApiV1Integrations"];
        put?: never;
        /** Create an integration; a webhook's signing secret is generated when not given and shown only in this answer */
        post: operations["postApiV1Integrations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One integration (secrets masked) */
        get: operations["getApiV1IntegrationsId"];
        /** Update an integration (PUT; partial: only the fields sent change, config is merged) */
        put: operations["putApiV1IntegrationsId"];
        post?: never;
        /** Delete an integration (pending retries stop) */
        delete: operations["deleteApiV1IntegrationsId"];
        options?: never;
        head?: never;
        /** Update an integration (PATCH; partial: only the fields sent change, config is merged) */
        patch: operations["patchApiV1IntegrationsId"];
        trace?: never;
    };
    "/api/v1/integrations/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deliver a `test` event now (one attempt, no retry) and answer with that attempt */
        post: operations["postApiV1IntegrationsIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Delivery log: every attempt, newest first */
        get: operations["getApiV1IntegrationsIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give a webhook a new signing secret (shown once); the old one keeps signing during the overlap */
        post: operations["postApiV1IntegrationsIdRotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/integrations/{id}/deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again now: one more attempt of it (same body and X-Vigil-Delivery, new signatures), no retry */
        post: operations["postApiV1IntegrationsIdDeliveriesDeliveryIdRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Today's counters against the plan's limits */
        get: operations["getApiV1Usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Daily request counts, oldest first, today included */
        get: operations["getApiV1UsageHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plan's limits and current use (monitors, domains, concurrent scans) */
        get: operations["getApiV1UsageLimits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/usage/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Totals of the last 30 days: requests, checks, scans, alerts */
        get: operations["getApiV1UsageSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/headers/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Grade the HTTP security headers of a site (public; an API key raises the daily quota) */
        get: operations["getHeadersCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/headers/grade": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What-if grading: grade a set of security headers without fetching anything (same report and quota as /headers/check) */
        post: operations["postHeadersGrade"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uptime/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Aggregate status of the account's monitors: operational, degraded or outage */
        get: operations["getApiV1UptimeStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uptime/monitors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List monitors with uptime over 24 h, 7 d and 30 d */
        get: operations["getApiV1UptimeMonitors"];
        put?: never;
        /** Create a monitor; its first check runs shortly */
        post: operations["postApiV1UptimeMonitors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uptime/monitors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A monitor in detail: configuration, last check, statistics, recent incidents */
        get: operations["getApiV1UptimeMonitorsId"];
        /** Update a monitor (PUT; PUT and PATCH both apply the given fields only) */
        put: operations["putApiV1UptimeMonitorsId"];
        post?: never;
        /** Delete a monitor with all its checks and incidents, and stop checking it (irreversible) */
        delete: operations["deleteApiV1UptimeMonitorsId"];
        options?: never;
        head?: never;
        /** Update a monitor (PATCH; PUT and PATCH both apply the given fields only) */
        patch: operations["patchApiV1UptimeMonitorsId"];
        trace?: never;
    };
    "/api/v1/uptime/monitors/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause a monitor (from any state; pausing again changes nothing) */
        post: operations["postApiV1UptimeMonitorsIdPause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uptime/monitors/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a paused monitor: status up, and a check runs at once */
        post: operations["postApiV1UptimeMonitorsIdResume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uptime/monitors/{id}/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check records of a monitor, newest first */
        get: operations["getApiV1UptimeMonitorsIdChecks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uptime/monitors/{id}/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Incidents of a monitor, newest first, with a 30-day summary */
        get: operations["getApiV1UptimeMonitorsIdIncidents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uptime/monitors/{id}/incidents/{incident_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One incident of a monitor */
        get: operations["getApiV1UptimeMonitorsIdIncidentsIncidentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uptime/monitors/{id}/incidents/{incident_id}/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Acknowledge an open incident: no more reminders or escalation steps; records the API key name and time */
        post: operations["postApiV1UptimeMonitorsIdIncidentsIncidentIdAcknowledge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uptime/monitors/{id}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run one check now through the checker fleet */
        post: operations["postApiV1UptimeMonitorsIdCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/regions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Regions checks run from: live checker count and last heartbeat of each */
        get: operations["getApiV1Regions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where checks run from: the public regions and the account's private locations */
        get: operations["getApiV1Locations"];
        put?: never;
        /** Create a private location; its agent key is in `agent_key` and is shown only this once */
        post: operations["postApiV1Locations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/locations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One private location with its agents (version, last poll, connected) and lease backlog */
        get: operations["getApiV1LocationsId"];
        put?: never;
        post?: never;
        /** Delete a private location (its agent keys stop at once); refused while monitors name it */
        delete: operations["deleteApiV1LocationsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/locations/{id}/rotate-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue a new agent key; the previous one keeps working for `overlap_seconds` (default 3600) */
        post: operations["postApiV1LocationsIdRotateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/leases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lease due checks of the agent's location (long poll) */
        post: operations["postApiV1AgentLeases"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/agent/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Post results of leased checks (idempotent by lease id) */
        post: operations["postApiV1AgentResults"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ping/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Heartbeat: the job succeeded (HEAD alike) */
        get: operations["getPingToken"];
        put?: never;
        /** Heartbeat: the job succeeded */
        post: operations["postPingToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ping/{token}/{action}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Heartbeat: action start (a run began), fail (it failed; a POST body is kept with the check, 10,000 bytes at most) or an exit code 0-255 (0 success, else failure) (HEAD alike) */
        get: operations["getPingTokenAction"];
        put?: never;
        /** Heartbeat: action start (a run began), fail (it failed; a POST body is kept with the check, 10,000 bytes at most) or an exit code 0-255 (0 success, else failure) */
        post: operations["postPingTokenAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uptime/monitors/{id}/rotate-ping-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give a heartbeat monitor a new ping URL (say, after it leaked); the old one answers 404 from now on */
        post: operations["postApiV1UptimeMonitorsIdRotatePingToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inbound/{type}/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Callback of an on-call tool (type pagerduty or opsgenie): acknowledging its alert acknowledges the Vigil incident */
        post: operations["postInboundTypeToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/maintenance-windows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's maintenance windows, oldest first, each with its next occurrences */
        get: operations["getApiV1MaintenanceWindows"];
        put?: never;
        /** Plan maintenance: checks keep being recorded (flagged in_maintenance) but no incident opens and no alert goes out */
        post: operations["postApiV1MaintenanceWindows"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/maintenance-windows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One maintenance window with its current and next occurrences */
        get: operations["getApiV1MaintenanceWindowsId"];
        /** Update a maintenance window (PUT; partial: only the fields sent change) */
        put: operations["putApiV1MaintenanceWindowsId"];
        post?: never;
        /** Delete a maintenance window (an occurrence under way ends at once) */
        delete: operations["deleteApiV1MaintenanceWindowsId"];
        options?: never;
        head?: never;
        /** Update a maintenance window (PATCH; partial: only the fields sent change) */
        patch: operations["patchApiV1MaintenanceWindowsId"];
        trace?: never;
    };
    "/api/v1/uptime/monitors/{id}/sla": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SLA report of a monitor: uptime, downtime, incidents, MTTR, MTBF, maintenance, error budget (JSON or CSV) */
        get: operations["getApiV1UptimeMonitorsIdSla"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uptime/sla": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** SLA report of every monitor of the account for one calendar month (JSON or CSV) */
        get: operations["getApiV1UptimeSla"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's monitors and domains in the Prometheus text format (state, response time, uptime, open incidents, certificate days, grades); at most 10 s old */
        get: operations["getApiV1Metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the account's monitored domains */
        get: operations["getApiV1Domains"];
        put?: never;
        /** Monitor a verified domain; an initial scan is queued */
        post: operations["postApiV1Domains"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/domains/bulk-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete up to 100 of the account's domains; other ids are skipped */
        post: operations["postApiV1DomainsBulkDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/domains/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One domain in detail, with its certificate */
        get: operations["getApiV1DomainsId"];
        /** Update a domain (PUT and PATCH both take a partial body) */
        put: operations["putApiV1DomainsId"];
        post?: never;
        /** Delete a domain with its scan history and alerts (irreversible) */
        delete: operations["deleteApiV1DomainsId"];
        options?: never;
        head?: never;
        /** Update a domain (PATCH and PUT both take a partial body) */
        patch: operations["patchApiV1DomainsId"];
        trace?: never;
    };
    "/api/v1/domains/{id}/certificate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The domain's leaf certificate from its latest scan, in detail */
        get: operations["getApiV1DomainsIdCertificate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/domains/{id}/certificate/chain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The certificate chain of the latest scan, leaf first */
        get: operations["getApiV1DomainsIdCertificateChain"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's domain verifications */
        get: operations["getApiV1Verifications"];
        put?: never;
        /** Start proving ownership of a hostname with a DNS TXT record (covers its subdomains once verified) */
        post: operations["postApiV1Verifications"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verifications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One domain verification */
        get: operations["getApiV1VerificationsId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verifications/{id}/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Look the TXT record up now (through VIGIL_DNS_SERVERS when set) */
        post: operations["postApiV1VerificationsIdCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Scan any host now (it need not be monitored or verified); poll status_url */
        post: operations["postApiV1Scan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rescan one of the account’s monitored domains now */
        post: operations["postApiV1Scans"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Scans of the last 30 days: counts by status and by grade, average duration */
        get: operations["getApiV1ScansStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A scan and its state */
        get: operations["getApiV1ScansId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans/{id}/full": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The whole report of a finished scan (202 with the status while it runs) */
        get: operations["getApiV1ScansIdFull"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/domains/{id}/scans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A domain's scan history, newest first */
        get: operations["getApiV1DomainsIdScans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/domains/{id}/header-checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A domain's security-header grades over time (one check with each scan), newest first */
        get: operations["getApiV1DomainsIdHeaderChecks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/domains/{id}/header-checks/{check_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One header check of a domain with its whole report (as GET /headers/check answers it) */
        get: operations["getApiV1DomainsIdHeaderChecksCheckId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The current billing period, the plan and its monthly price, included limits and this period's use */
        get: operations["getApiV1BillingUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Issued invoices, newest period first, each with its line items; amounts in integer cents of `currency` */
        get: operations["getApiV1BillingInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/estimate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The projected invoice of the current period: the tier history so far, the current tier assumed to the period's end */
        get: operations["getApiV1BillingEstimate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status-pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's status pages */
        get: operations["getApiV1StatusPages"];
        put?: never;
        /** Create a public status page (pages per account are capped by the tier) */
        post: operations["postApiV1StatusPages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status-pages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One status page */
        get: operations["getApiV1StatusPagesId"];
        /** Update a status page (PUT; partial: only the fields sent change) */
        put: operations["putApiV1StatusPagesId"];
        post?: never;
        /** Delete a status page (its public URL answers 404 at once) */
        delete: operations["deleteApiV1StatusPagesId"];
        options?: never;
        head?: never;
        /** Update a status page (PATCH; partial: only the fields sent change) */
        patch: operations["patchApiV1StatusPagesId"];
        trace?: never;
    };
    "/api/v1/status-pages/{id}/notices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page's manual notices (not tied to a monitor), newest first */
        get: operations["getApiV1StatusPagesIdNotices"];
        put?: never;
        /** Post a manual notice on a page; it shows there and in its feed while not resolved (and among recent ones after) */
        post: operations["postApiV1StatusPagesIdNotices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status-pages/{id}/notices/{notice_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a notice (PUT; partial) */
        put: operations["putApiV1StatusPagesIdNoticesNoticeId"];
        post?: never;
        /** Delete a notice */
        delete: operations["deleteApiV1StatusPagesIdNoticesNoticeId"];
        options?: never;
        head?: never;
        /** Change a notice (PATCH; partial) */
        patch: operations["patchApiV1StatusPagesIdNoticesNoticeId"];
        trace?: never;
    };
    "/api/v1/uptime/monitors/{id}/incidents/{incident_id}/updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An incident's updates, oldest first */
        get: operations["getApiV1UptimeMonitorsIdIncidentsIncidentIdUpdates"];
        put?: never;
        /** Post an update on an incident (shown on status pages and feeds); the incident's open/resolved state stays the checks' verdict */
        post: operations["postApiV1UptimeMonitorsIdIncidentsIncidentIdUpdates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status/{slug}.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A public status page as JSON: overall status, sections with monitors (90 daily uptime values) and domains, incidents with updates */
        get: operations["getStatusSlugJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status/{slug}/feed.atom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An Atom feed of a public page's current and recent incidents and notices, with their updates */
        get: operations["getStatusSlugFeedAtom"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A public status page (server-rendered HTML, no script, no external asset). Also served at / on its custom hostname. */
        get: operations["getStatusSlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uptime/monitors/{id}/badges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The monitor's badge links (status, uptime-24h, uptime-7d, uptime-30d, uptime-90d, response-time), each as flat SVG and shields.io endpoint JSON; the token is created on first use */
        get: operations["getApiV1UptimeMonitorsIdBadges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uptime/monitors/{id}/badges/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give the monitor's badges a new token; links with the old one answer 404 from now on */
        post: operations["postApiV1UptimeMonitorsIdBadgesRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/domains/{id}/badges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The domain's badge links (tls-grade, cert-expiry, header-grade), each as flat SVG and shields.io endpoint JSON; the token is created on first use */
        get: operations["getApiV1DomainsIdBadges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/domains/{id}/badges/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give the domain's badges a new token; links with the old one answer 404 from now on */
        post: operations["postApiV1DomainsIdBadgesRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/badges/{token}/{badge}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A badge without an API key. badge: monitors status, uptime-24h, uptime-7d, uptime-30d, uptime-90d, response-time; domains tls-grade, cert-expiry, header-grade; then .svg (flat SVG) or .json (shields.io endpoint) */
        get: operations["getBadgesTokenBadge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/config/schema": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The JSON Schema of a configuration document (vigil.yaml), for editors */
        get: operations["getApiV1ConfigSchema"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/config/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What applying a configuration document would change (changes nothing) */
        post: operations["postApiV1ConfigPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/config/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a configuration document's changes, all in one transaction or none */
        post: operations["postApiV1ConfigApply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/config/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's objects as a configuration document (plans to no changes) */
        get: operations["getApiV1ConfigExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Removed: token login. API keys are the only authentication method.
         * @deprecated
         */
        get: operations["getApiV1AuthLogin"];
        /**
         * Removed: token login. API keys are the only authentication method.
         * @deprecated
         */
        put: operations["putApiV1AuthLogin"];
        /**
         * Removed: token login. API keys are the only authentication method.
         * @deprecated
         */
        post: operations["postApiV1AuthLogin"];
        /**
         * Removed: token login. API keys are the only authentication method.
         * @deprecated
         */
        delete: operations["deleteApiV1AuthLogin"];
        options?: never;
        head?: never;
        /**
         * Removed: token login. API keys are the only authentication method.
         * @deprecated
         */
        patch: operations["patchApiV1AuthLogin"];
        trace?: never;
    };
    "/api/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Removed: token refresh. API keys are the only authentication method.
         * @deprecated
         */
        get: operations["getApiV1AuthRefresh"];
        /**
         * Removed: token refresh. API keys are the only authentication method.
         * @deprecated
         */
        put: operations["putApiV1AuthRefresh"];
        /**
         * Removed: token refresh. API keys are the only authentication method.
         * @deprecated
         */
        post: operations["postApiV1AuthRefresh"];
        /**
         * Removed: token refresh. API keys are the only authentication method.
         * @deprecated
         */
        delete: operations["deleteApiV1AuthRefresh"];
        options?: never;
        head?: never;
        /**
         * Removed: token refresh. API keys are the only authentication method.
         * @deprecated
         */
        patch: operations["patchApiV1AuthRefresh"];
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 document */
        get: operations["getApiV1OpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @example {
         *       "error": "Monitor not found"
         *     }
         */
        Error: {
            /** @description What went wrong, in one sentence */
            error: string;
        };
        /**
         * @example {
         *       "error": "Account inactive"
         *     }
         */
        Forbidden: components["schemas"]["AccountInactive"] | components["schemas"]["InsufficientScope"] | components["schemas"]["TierLimitReached"] | components["schemas"]["MaintenanceWindowLimitReached"] | components["schemas"]["FeatureNotAvailable"] | components["schemas"]["IntervalNotAllowed"] | components["schemas"]["FrequencyNotAllowed"] | components["schemas"]["DomainNotVerified"];
        /** @description The key's account is deactivated */
        AccountInactive: {
            /** @constant */
            error: "Account inactive";
        };
        /**
         * @description The key does not hold the scope the operation requires
         * @example {
         *       "error": "Insufficient scope",
         *       "required": "monitors:write"
         *     }
         */
        InsufficientScope: {
            /** @constant */
            error: "Insufficient scope";
            /**
             * @description The scope the key lacks
             * @enum {string}
             */
            required: "monitors:read" | "monitors:write" | "domains:read" | "domains:write" | "integrations:read" | "integrations:write" | "status_pages:read" | "status_pages:write" | "maintenance:read" | "maintenance:write" | "keys:read" | "keys:write" | "billing:read" | "billing:write";
        };
        /** @description A limit of the plan is reached */
        TierLimitReached: {
            /**
             * @description `<What> limit reached`
             * @example Monitor limit reached
             * @example Domain limit reached
             * @example Status page limit reached
             */
            error: string;
            /** @description What the plan allows */
            limit: number;
            /** @description What the account has */
            current: number;
            remaining: number;
            /**
             * @description The account's plan
             * @example free
             */
            tier: string;
            /**
             * Format: uri
             * @description Where to see and change the plan (`/pricing`)
             */
            upgrade_url: string;
        };
        /** @description The account has as many maintenance windows as any account may have */
        MaintenanceWindowLimitReached: {
            /** @constant */
            error: "Maintenance window limit reached";
            limit: number;
            current: number;
            remaining: number;
        };
        /** @description The plan does not include the feature */
        FeatureNotAvailable: {
            /** @constant */
            error: "Feature not available";
            /** @example Uptime monitoring requires a Pro plan or above */
            message: string;
            /**
             * @description The account's plan
             * @example free
             */
            tier: string;
            /**
             * Format: uri
             * @description Where to see and change the plan (`/pricing`)
             */
            upgrade_url: string;
        };
        /** @description The plan does not include this check interval */
        IntervalNotAllowed: {
            /** @constant */
            error: "Interval not allowed";
            /** @description Seconds, ascending */
            allowed_intervals: number[];
            /**
             * Format: uri
             * @description Where to see and change the plan (`/pricing`)
             */
            upgrade_url: string;
        };
        /** @description The plan does not include this monitoring frequency */
        FrequencyNotAllowed: {
            /** @constant */
            error: "Frequency not allowed";
            /** @example monitoring_frequency hourly is not available on the free plan */
            message: string;
            allowed_frequencies: string[];
            /**
             * @description The account's plan
             * @example free
             */
            tier: string;
            /**
             * Format: uri
             * @description Where to see and change the plan (`/pricing`)
             */
            upgrade_url: string;
        };
        /** @description The account has not proved it owns the hostname (or a parent domain) */
        DomainNotVerified: {
            /** @constant */
            error: "Domain not verified";
            hostname: string;
            /**
             * Format: uri
             * @description Where to prove ownership (`/api/v1/verifications`)
             */
            verify_url: string;
            /** @description What to do about it */
            message: string;
        };
        /**
         * @example {
         *       "error": "Rate limit exceeded",
         *       "message": "Per-minute limit of 60 requests exceeded; retry in 12 seconds",
         *       "retry_after": 12,
         *       "limit_type": "per_minute"
         *     }
         */
        RateLimited: components["schemas"]["BurstLimited"] | components["schemas"]["LimitExceeded"] | components["schemas"]["DailyQuotaExceeded"];
        /** @description Burst limit per client IP */
        BurstLimited: {
            /** @constant */
            error: "Rate limit exceeded";
        };
        /** @description Per-minute quota, an endpoint limit or the concurrent-scan limit */
        LimitExceeded: {
            /** @constant */
            error: "Rate limit exceeded";
            /** @description Which limit, and when to retry */
            message: string;
            /** @description Seconds to wait (also in `Retry-After`) */
            retry_after: number;
            /** @enum {string} */
            limit_type: "per_minute" | "per_hour" | "concurrent";
        };
        /** @description Daily quota exhausted; `Retry-After` is the time to the next UTC midnight */
        DailyQuotaExceeded: {
            /** @constant */
            error: "Rate limit exceeded";
            /** @description Requests allowed per UTC day */
            rate_limit: number;
            /** @description Requests counted today */
            requests_today: number;
            /**
             * Format: date-time
             * @description Next UTC midnight
             */
            reset_at: string;
        };
        /** @description The plan's limits; null means unlimited */
        FullPlanLimits: {
            /** @description null: no limit on this plan */
            requests_per_day: number | null;
            /** @description null: no limit on this plan */
            requests_per_minute: number | null;
            /** @description null: no limit on this plan */
            concurrent_scans: number | null;
            uptime_monitoring: boolean;
            /** @description null: no limit on this plan */
            monitors: number | null;
            /** @description null: no limit on this plan */
            domains: number | null;
            /** @description Allowed monitor check intervals, seconds */
            check_intervals: number[];
            /** @description Allowed domain monitoring frequencies */
            monitoring_frequencies: string[];
            /** @description null: no limit on this plan */
            domain_creates_per_minute: number | null;
            /** @description null: no limit on this plan */
            header_checks_per_day: number | null;
            /** @description null: no limit on this plan */
            status_pages: number | null;
        };
        ApiKey: {
            id: number;
            name: string;
            /** @description First 8 characters of the secret */
            prefix: string;
            /** @description What the key may do (`*`: everything, the default of keys made before scopes) */
            scopes: ("*" | "*:read" | "monitors:read" | "monitors:write" | "domains:read" | "domains:write" | "integrations:read" | "integrations:write" | "status_pages:read" | "status_pages:write" | "maintenance:read" | "maintenance:write" | "keys:read" | "keys:write" | "billing:read" | "billing:write")[];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            /**
             * Format: date-time
             * @description Last use, to the minute
             */
            last_used_at: string | null;
            /** @description The client IP of that use */
            last_used_ip: string | null;
            /** Format: date-time */
            revoked_at: string | null;
        };
        AuditEntry: {
            /** @description Increasing with time; unique */
            id: string;
            /** Format: date-time */
            created_at: string;
            /** @description The key that made the change; null for an operator (vigil CLI) */
            key: {
                id: number;
                name: string;
            } | null;
            /** @description The client IP of the request */
            ip: string | null;
            resource: {
                /** @example monitor */
                type: string;
                /** @example 42 */
                id: string;
            };
            /** @enum {string} */
            action: "create" | "update" | "delete" | "pause" | "resume" | "acknowledge" | "rotate" | "revoke" | "check" | "scan" | "test" | "redeliver" | "verify" | "apply" | "tier_change" | "use_from_new_ip";
            /**
             * @description Per field that changed: its value before and after (null where absent: every field of a create has before null, of a delete after null)
             * @example {
             *       "name": {
             *         "before": "shop",
             *         "after": "shop eu"
             *       },
             *       "alert_threshold": {
             *         "before": 2,
             *         "after": 5
             *       },
             *       "credentials": {
             *         "before": "****",
             *         "after": "****"
             *       }
             *     }
             */
            changes: {
                [key: string]: {
                    /** @description The value (secrets masked as ****; long text cut at 500 characters) */
                    before: unknown;
                    /** @description The value (secrets masked as ****; long text cut at 500 characters) */
                    after: unknown;
                };
            };
        };
        Integration: {
            id: number;
            /** @enum {string} */
            type: "email" | "webhook" | "slack" | "discord" | "pagerduty" | "opsgenie" | "teams" | "telegram" | "google_chat" | "mattermost" | "matrix" | "ntfy" | "pushover" | "gotify" | "twilio_sms" | "webhook_template";
            name: string;
            /**
             * @description Per type (see /integrations/types); secret fields masked
             * @example {
             *       "url": "https://hooks.example.com/vigil",
             *       "secret": "****41c3"
             *     }
             */
            config: {
                /** @description Recipient address, or a list of up to 10 */
                to: string | string[];
            } | {
                /** @description http:// or https:// URL that receives the POST */
                url: string;
                /** @description Signing secret; generated when omitted and shown once, in the create answer; masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                secret?: string;
            } | {
                /** @description Incoming-webhook URL, https://hooks.slack.com/services/...; masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                webhook_url?: string;
            } | {
                /** @description Webhook URL, https://discord.com/api/webhooks/...; masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                webhook_url?: string;
            } | {
                /** @description Integration Key of an "Events API V2" integration on the PagerDuty service; masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                routing_key?: string;
                /** @description Events API base URL; default https://events.pagerduty.com */
                api_url?: string;
                /** @description Signing secret of the PagerDuty v3 webhook subscription that calls inbound_url (X-PagerDuty-Signature); without it callbacks are refused; masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                webhook_secret?: string;
            } | {
                /** @description API key of an Opsgenie "API" integration (Authorization: GenieKey); masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                api_key?: string;
                /** @description Alert API base URL; default https://api.opsgenie.com (EU: https://api.eu.opsgenie.com) */
                api_url?: string;
                /** @description Value of the X-Vigil-Webhook-Secret header the Opsgenie Webhook integration sends to inbound_url; generated when omitted and shown once, in the create answer; masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                webhook_secret?: string;
            } | {
                /** @description The workflow's HTTP POST URL (it carries its signature, sig=...); masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                url?: string;
            } | {
                /** @description The bot's token from @BotFather, 123456:ABC-...; masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                bot_token?: string;
                /** @description Chat id (e.g. -1001234567890) or @channelusername */
                chat_id: string;
                /** @description Bot API server; default https://api.telegram.org */
                api_url?: string;
            } | {
                /** @description Webhook URL, https://chat.googleapis.com/v1/spaces/.../messages?key=...&token=...; masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                url?: string;
            } | {
                /** @description Incoming-webhook URL, https://<your server>/hooks/<id>; masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                url?: string;
            } | {
                /** @description Access token of the user that sends (it must have joined the room); masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                access_token?: string;
                /** @description Room id, !abcdef:example.org (Room settings > Advanced) */
                room_id: string;
                /** @description Homeserver's client API base URL; default https://matrix-client.matrix.org */
                api_url?: string;
            } | {
                /** @description Topic name (1-64 of A-Z a-z 0-9 _ -); on ntfy.sh anyone who knows it can subscribe */
                topic: string;
                /** @description Access token (tk_...) for a protected topic; masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                token?: string;
                /** @description Server base URL; default https://ntfy.sh */
                api_url?: string;
            } | {
                /** @description User or group key (30 characters); masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                user_key?: string;
                /** @description API token of your Pushover application (30 characters); masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                app_token?: string;
                /** @description API base URL; default https://api.pushover.net */
                api_url?: string;
            } | {
                /** @description Token of a Gotify application (Apps > Create application); masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                app_token?: string;
                /** @description Your Gotify server's base URL, e.g. https://gotify.example.com (there is no public one) */
                api_url: string;
            } | {
                /** @description Account SID, AC followed by 32 hex digits */
                account_sid: string;
                /** @description Auth token of the account (or of an API key's account); masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                auth_token?: string;
                /** @description Sending number in E.164 (+15017122661), or a Messaging Service SID (MG...) */
                from: string;
                /** @description Recipient number in E.164, e.g. +15558675310 */
                to: string;
                /** @description API base URL; default https://api.twilio.com */
                api_url?: string;
            } | {
                /** @description http:// or https:// URL that receives the POST */
                url: string;
                /** @description JSON with {{placeholders}} (at most 16384 characters); known: event, event_id, created_at, title, summary, severity, link, monitor, monitor.id, monitor.name, monitor.url, monitor.status, incident, incident.id, incident.cause, incident.started_at, incident.resolved_at, incident.duration_seconds, domain, domain.id, domain.hostname, domain.port, data, envelope */
                body_template: string;
                /** @description Up to 20 extra headers (e.g. Authorization); values are secret; masked, and left out when it cannot be opened (VIGIL_SECRET_KEY changed) */
                headers?: {
                    [key: string]: string;
                };
            };
            /** @description Subscribed events; empty = all */
            events: ("monitor.down" | "monitor.up" | "monitor.degraded" | "incident.acknowledged" | "certificate.expiring" | "certificate.expired" | "domain.grade_changed" | "headers.grade_changed" | "scan.completed" | "domain.verification_lapsed" | "location.offline" | "location.online" | "test")[];
            /** @description Monitors in scope; empty = all */
            monitor_ids: number[];
            /** @description Domains in scope; empty = all */
            domain_ids: number[];
            is_active: boolean;
            /**
             * Format: uri
             * @description pagerduty and opsgenie only: the URL the on-call tool calls back (PagerDuty v3 webhook subscription, Opsgenie Webhook integration), so that acknowledging there acknowledges the Vigil incident
             */
            inbound_url?: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Pagination: {
            page: number;
            per_page: number;
            total: number;
            pages: number;
        };
        DeliveryAttempt: {
            delivery: components["schemas"]["Delivery"];
            message: string;
        };
        /** @description One delivery attempt */
        Delivery: {
            id: number;
            /** @description Groups the attempts of one delivery; sent as X-Vigil-Delivery */
            delivery_id: number;
            integration_id: number | null;
            event_id: string;
            /** @enum {string} */
            event: "monitor.down" | "monitor.up" | "monitor.degraded" | "incident.acknowledged" | "certificate.expiring" | "certificate.expired" | "domain.grade_changed" | "headers.grade_changed" | "scan.completed" | "domain.verification_lapsed" | "location.offline" | "location.online" | "test";
            /** @description 1 to 5 */
            attempt: number;
            /** @enum {string} */
            status: "pending" | "success" | "failed";
            /** @description HTTP status, or SMTP reply code for email */
            response_code: number | null;
            error: string | null;
            duration_ms: number | null;
            /** @description Another attempt follows this failed one */
            will_retry: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            completed_at: string | null;
        };
        HeaderReport: {
            /** @enum {string} */
            grade: "A+" | "A" | "B" | "C" | "D" | "F";
            score: number;
            gradeCapped: boolean;
            /** @description Present only when gradeCapped */
            gradeCapReason?: string;
            warnings: string[];
            headersPresent: ("Content-Security-Policy" | "Strict-Transport-Security" | "X-Frame-Options" | "X-Content-Type-Options" | "Referrer-Policy" | "Permissions-Policy")[];
            headersMissing: ("Content-Security-Policy" | "Strict-Transport-Security" | "X-Frame-Options" | "X-Content-Type-Options" | "Referrer-Policy" | "Permissions-Policy")[];
            upcomingHeaders: {
                /** @enum {string} */
                header: "Cross-Origin-Opener-Policy" | "Cross-Origin-Embedder-Policy" | "Cross-Origin-Resource-Policy";
                present: boolean;
                value: string | null;
                description: string;
            }[];
            summary: {
                /** @enum {string} */
                grade: "A+" | "A" | "B" | "C" | "D" | "F";
                site: string;
                /** @description Each graded header's verdict */
                headers: {
                    "Content-Security-Policy": {
                        present: boolean;
                        /** @description Well-formed and doing what the header is for (false when absent) */
                        valid: boolean;
                        points: number;
                        max_points: number;
                        /** @description As received (occurrences joined with ", "), null when absent */
                        value: string | null;
                        /** @description Why these points */
                        note: string;
                    };
                    "Strict-Transport-Security": {
                        present: boolean;
                        /** @description Well-formed and doing what the header is for (false when absent) */
                        valid: boolean;
                        points: number;
                        max_points: number;
                        /** @description As received (occurrences joined with ", "), null when absent */
                        value: string | null;
                        /** @description Why these points */
                        note: string;
                    };
                    "X-Frame-Options": {
                        present: boolean;
                        /** @description Well-formed and doing what the header is for (false when absent) */
                        valid: boolean;
                        points: number;
                        max_points: number;
                        /** @description As received (occurrences joined with ", "), null when absent */
                        value: string | null;
                        /** @description Why these points */
                        note: string;
                    };
                    "X-Content-Type-Options": {
                        present: boolean;
                        /** @description Well-formed and doing what the header is for (false when absent) */
                        valid: boolean;
                        points: number;
                        max_points: number;
                        /** @description As received (occurrences joined with ", "), null when absent */
                        value: string | null;
                        /** @description Why these points */
                        note: string;
                    };
                    "Referrer-Policy": {
                        present: boolean;
                        /** @description Well-formed and doing what the header is for (false when absent) */
                        valid: boolean;
                        points: number;
                        max_points: number;
                        /** @description As received (occurrences joined with ", "), null when absent */
                        value: string | null;
                        /** @description Why these points */
                        note: string;
                    };
                    "Permissions-Policy": {
                        present: boolean;
                        /** @description Well-formed and doing what the header is for (false when absent) */
                        valid: boolean;
                        points: number;
                        max_points: number;
                        /** @description As received (occurrences joined with ", "), null when absent */
                        value: string | null;
                        /** @description Why these points */
                        note: string;
                    };
                };
            };
            /**
             * @description Lowercase name to value; repeated headers joined with ", ", set-cookie always an array
             * @example {
             *       "content-type": "text/html; charset=utf-8",
             *       "strict-transport-security": "max-age=63072000; includeSubDomains",
             *       "set-cookie": [
             *         "session=abc; Secure; HttpOnly"
             *       ]
             *     }
             */
            rawHeaders: {
                [key: string]: string | string[];
            };
            service: {
                /** @description MDN HTTP Observatory-style score */
                deeper_score: number;
                /** @description The MDN HTTP Observatory scoring algorithm followed (6) */
                algorithm_version: number;
                /** @description One entry per Observatory test */
                advanced: {
                    test: string;
                    pass: boolean;
                    result: string;
                    modifier: number;
                    description: string;
                }[];
                https_redirect: boolean;
                tests_passed: number;
                tests_failed: number;
                tests_quantity: number;
            };
            /**
             * Format: date-time
             * @description When the response was received; a cached report keeps it
             */
            fetched_at: string;
            /** @description The URL whose response was graded (after redirects) */
            final_url: string;
        };
        /**
         * @example {
         *       "error": "Site unreachable",
         *       "detail": "Connection refused by example.com"
         *     }
         */
        ErrorWithDetail: {
            /** @description What went wrong, in one sentence */
            error: string;
            /** @description The cause, or what to do */
            detail: string;
        };
        WhatIfHeaderReport: {
            /** @enum {string} */
            grade: "A+" | "A" | "B" | "C" | "D" | "F";
            score: number;
            gradeCapped: boolean;
            /** @description Present only when gradeCapped */
            gradeCapReason?: string;
            warnings: string[];
            headersPresent: ("Content-Security-Policy" | "Strict-Transport-Security" | "X-Frame-Options" | "X-Content-Type-Options" | "Referrer-Policy" | "Permissions-Policy")[];
            headersMissing: ("Content-Security-Policy" | "Strict-Transport-Security" | "X-Frame-Options" | "X-Content-Type-Options" | "Referrer-Policy" | "Permissions-Policy")[];
            upcomingHeaders: {
                /** @enum {string} */
                header: "Cross-Origin-Opener-Policy" | "Cross-Origin-Embedder-Policy" | "Cross-Origin-Resource-Policy";
                present: boolean;
                value: string | null;
                description: string;
            }[];
            summary: {
                /** @enum {string} */
                grade: "A+" | "A" | "B" | "C" | "D" | "F";
                site: string;
                /** @description Each graded header's verdict */
                headers: {
                    "Content-Security-Policy": {
                        present: boolean;
                        /** @description Well-formed and doing what the header is for (false when absent) */
                        valid: boolean;
                        points: number;
                        max_points: number;
                        /** @description As received (occurrences joined with ", "), null when absent */
                        value: string | null;
                        /** @description Why these points */
                        note: string;
                    };
                    "Strict-Transport-Security": {
                        present: boolean;
                        /** @description Well-formed and doing what the header is for (false when absent) */
                        valid: boolean;
                        points: number;
                        max_points: number;
                        /** @description As received (occurrences joined with ", "), null when absent */
                        value: string | null;
                        /** @description Why these points */
                        note: string;
                    };
                    "X-Frame-Options": {
                        present: boolean;
                        /** @description Well-formed and doing what the header is for (false when absent) */
                        valid: boolean;
                        points: number;
                        max_points: number;
                        /** @description As received (occurrences joined with ", "), null when absent */
                        value: string | null;
                        /** @description Why these points */
                        note: string;
                    };
                    "X-Content-Type-Options": {
                        present: boolean;
                        /** @description Well-formed and doing what the header is for (false when absent) */
                        valid: boolean;
                        points: number;
                        max_points: number;
                        /** @description As received (occurrences joined with ", "), null when absent */
                        value: string | null;
                        /** @description Why these points */
                        note: string;
                    };
                    "Referrer-Policy": {
                        present: boolean;
                        /** @description Well-formed and doing what the header is for (false when absent) */
                        valid: boolean;
                        points: number;
                        max_points: number;
                        /** @description As received (occurrences joined with ", "), null when absent */
                        value: string | null;
                        /** @description Why these points */
                        note: string;
                    };
                    "Permissions-Policy": {
                        present: boolean;
                        /** @description Well-formed and doing what the header is for (false when absent) */
                        valid: boolean;
                        points: number;
                        max_points: number;
                        /** @description As received (occurrences joined with ", "), null when absent */
                        value: string | null;
                        /** @description Why these points */
                        note: string;
                    };
                };
            };
            /**
             * @description Lowercase name to value; repeated headers joined with ", ", set-cookie always an array
             * @example {
             *       "content-type": "text/html; charset=utf-8",
             *       "strict-transport-security": "max-age=63072000; includeSubDomains",
             *       "set-cookie": [
             *         "session=abc; Secure; HttpOnly"
             *       ]
             *     }
             */
            rawHeaders: {
                [key: string]: string | string[];
            };
            service: {
                /** @description MDN HTTP Observatory-style score */
                deeper_score: number;
                /** @description The MDN HTTP Observatory scoring algorithm followed (6) */
                algorithm_version: number;
                /** @description One entry per Observatory test */
                advanced: {
                    test: string;
                    pass: boolean;
                    result: string;
                    modifier: number;
                    description: string;
                }[];
                https_redirect: boolean;
                tests_passed: number;
                tests_failed: number;
                tests_quantity: number;
            };
            /** Format: date-time */
            graded_at: string;
        };
        MonitorStatusCounts: {
            total: number;
            up: number;
            down: number;
            degraded: number;
            paused: number;
            pending: number;
        };
        /**
         * @example {
         *       "error": "URL already monitored",
         *       "monitor_id": 42
         *     }
         */
        MonitorConflict: {
            /** @description URL already monitored (http); TCP target already monitored (tcp); DNS record already monitored (dns) */
            error: string;
            /** @description The monitor of the account that already watches this target */
            monitor_id: number;
        };
        Check: {
            /** Format: date-time */
            timestamp: string;
            /** @enum {string} */
            status: "success" | "failure";
            response_time_ms: number | null;
            status_code: number | null;
            /** @description Present on failures */
            error?: string;
            /** @description A maintenance window covers the monitor now (or covered it when the check ran) */
            in_maintenance: boolean;
            /** @description http checks that got a response: milliseconds of each phase (null: the phase did not happen, e.g. tls on http://); null for other types */
            timings: {
                dns: number | null;
                connect: number | null;
                tls: number | null;
                first_byte: number | null;
                download: number | null;
            } | null;
            /**
             * Format: date-time
             * @description Expiry of the certificate an https or tcp+TLS check saw
             */
            certificate_expires_at: string | null;
            /** @description Type-specific facts of the check (each type's own shape, named by kind); null when the type has none */
            details: {
                /** @constant */
                kind: "dns";
                server: string;
                answers: string[];
                truncated: boolean;
            } | {
                /** @constant */
                kind: "websocket";
                reply: string | null;
                truncated: boolean;
                messages: number;
            } | null;
            /** @description The region whose checker made the check (`default` in a one-region deployment) */
            region: string;
            /** @description Heartbeat monitors: the request body of a failure ping (the first 10,000 bytes; "\n[truncated]" marks a cut) */
            ping_body?: string;
        };
        Incident: {
            id: number;
            /** @enum {string} */
            status: "open" | "resolved";
            /** Format: date-time */
            started_at: string;
            /** Format: date-time */
            resolved_at: string | null;
            duration_seconds: number | null;
            /** @description For a multi-region monitor: the failing regions, each with its error */
            cause: string;
            /** @description The failing regions of the round that opened the incident; present only for incidents of multi-region rounds */
            regions?: string[];
            affected_checks: number;
            /** Format: date-time */
            acknowledged_at: string | null;
            /** @description Name of the API key that acknowledged the incident */
            acknowledged_by: string | null;
            /** @description Successful deliveries, oldest first: first alerts, reminders and escalations */
            alerts_sent: {
                /** @description Integration type */
                type: string;
                /** Format: date-time */
                sent_at: string;
                /** @description monitor.down or monitor.up (absent on a few entries recorded before this field existed) */
                event?: string;
                /** @enum {string} */
                kind: "alert" | "reminder" | "escalation";
                integration_id?: number;
            }[];
        };
        Location: {
            /** @description The private location's id; null for a public region */
            id: number | null;
            /** @description What monitors name in `regions`, and what their checks carry in `region` */
            name: string;
            /**
             * @description `public`: a region run by the operator; `private`: a location of this account, checked by its own agents
             * @enum {string}
             */
            kind: "public" | "private";
            /** @description Private networks the location's agents may reach (public addresses always); empty for public regions */
            allowed_cidrs: string[];
            /** @description First 8 characters of the current agent key (private locations) */
            key_prefix: string | null;
            /** @description After this long without a polling agent `location.offline` is sent, once, and `location.online` when one polls again (private locations) */
            offline_after_seconds: number | null;
            /** Format: date-time */
            created_at: string | null;
            /** Format: date-time */
            key_rotated_at: string | null;
            /**
             * Format: date-time
             * @description Until when the key before the last rotation still works
             */
            previous_key_expires_at: string | null;
        };
        LocationDetail: {
            /** @description The private location's id; null for a public region */
            id: number | null;
            /** @description What monitors name in `regions`, and what their checks carry in `region` */
            name: string;
            /**
             * @description `public`: a region run by the operator; `private`: a location of this account, checked by its own agents
             * @enum {string}
             */
            kind: "public" | "private";
            /** @description Private networks the location's agents may reach (public addresses always); empty for public regions */
            allowed_cidrs: string[];
            /** @description First 8 characters of the current agent key (private locations) */
            key_prefix: string | null;
            /** @description After this long without a polling agent `location.offline` is sent, once, and `location.online` when one polls again (private locations) */
            offline_after_seconds: number | null;
            /** Format: date-time */
            created_at: string | null;
            /** Format: date-time */
            key_rotated_at: string | null;
            /**
             * Format: date-time
             * @description Until when the key before the last rotation still works
             */
            previous_key_expires_at: string | null;
            /**
             * @description `online`: an agent polled within the last 60 s; `offline`: none did; `never_connected`: no agent ever polled
             * @enum {string}
             */
            status: "online" | "offline" | "never_connected";
            connected_agents: number;
            /**
             * Format: date-time
             * @description The newest poll of any agent
             */
            last_poll: string | null;
            /** @description Agents seen in the last day, newest poll first */
            agents: {
                /** @description The id the agent chose for itself (per process) */
                id: string;
                version: string;
                /** Format: date-time */
                last_poll: string;
                /** @description Polled within the last 60 s */
                connected: boolean;
            }[];
            backlog: {
                /** @description Runs due and waiting for an agent */
                due: number;
                /** @description Runs leased to an agent and not answered yet */
                leased: number;
            };
        };
        MaintenanceWindow: {
            id: number;
            title: string;
            description: string | null;
            applies_to_all: boolean;
            monitor_ids: number[];
            domain_ids: number[];
            /** Format: date-time */
            starts_at: string;
            /**
             * Format: date-time
             * @description One-off windows only
             */
            ends_at: string | null;
            /**
             * @description RFC 5545 RRULE of a recurring window
             * @example FREQ=WEEKLY;BYDAY=SU
             */
            rrule: string | null;
            /** @description Length of each occurrence of a recurring window */
            duration_minutes: number | null;
            /** @example Europe/Berlin */
            timezone: string;
            /** @description false: covered monitors are not checked during the window */
            keep_checking: boolean;
            /** @description An occurrence is under way now */
            active: boolean;
            current_occurrence: {
                /** Format: date-time */
                starts_at: string;
                /** Format: date-time */
                ends_at: string;
            } | null;
            /** @description Up to 5, one under way included */
            next_occurrences: {
                /** Format: date-time */
                starts_at: string;
                /** Format: date-time */
                ends_at: string;
            }[];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        SlaReport: {
            monitor_id: number;
            name: string;
            period: {
                /** Format: date-time */
                from: string;
                /** Format: date-time */
                to: string;
                /** @description The period while the monitor existed, up to now */
                monitored_seconds: number;
            };
            /** @description Time not covered by incidents, three decimals */
            uptime_percentage: number | null;
            downtime_seconds: number;
            /** @description Incidents overlapping the period */
            incidents: number;
            /** @description Mean duration of incidents resolved in the period */
            mttr_seconds: number | null;
            /** @description Up time divided by the number of incidents */
            mtbf_seconds: number | null;
            maintenance_seconds: number;
            /** @description Maintenance time taken out, downtime inside it forgiven */
            uptime_excluding_maintenance_percentage: number | null;
            checks: {
                total: number;
                successful: number;
                uptime_percentage: number | null;
            };
            /** @description Present when the monitor has an slo_target; the budget excludes maintenance */
            slo: {
                target: number;
                met: boolean | null;
                error_budget_seconds: number;
                error_budget_used_seconds: number;
                /** @description Negative once the budget is spent */
                error_budget_remaining_seconds: number;
                error_budget_remaining_percentage: number | null;
            } | null;
        };
        Domain: {
            id: number;
            hostname: string;
            port: number;
            /** @enum {string|null} */
            ssl_grade: "A+" | "A" | "B" | "C" | "D" | "F" | null;
            ssl_score: number | null;
            /** Format: date-time */
            certificate_expiry: string | null;
            days_until_expiry: number | null;
            /** Format: date-time */
            last_scan: string | null;
            is_active: boolean;
            /** @enum {string} */
            monitoring_frequency: "5min" | "15min" | "hourly" | "daily";
            notifications_enabled: boolean;
            alert_days_before_expiry: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        PaginationWithNav: {
            page: number;
            per_page: number;
            total: number;
            pages: number;
            has_next: boolean;
            has_prev: boolean;
        };
        /**
         * @example {
         *       "error": "Domain already exists",
         *       "hostname": "www.example.com",
         *       "port": 443
         *     }
         */
        DomainExists: {
            /** @constant */
            error: "Domain already exists";
            hostname: string;
            port: number;
        };
        ScanQueued: {
            scan_id: number;
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed";
            hostname: string;
            port: number;
            domain_id: number | null;
            /** Format: uri */
            status_url: string;
            /** Format: uri */
            result_url: string;
            /** @example Scan queued. Poll status_url; the full report is at result_url once completed. */
            message: string;
        };
        Scan: {
            id: number;
            hostname: string;
            port: number;
            domain_id: number | null;
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "failed";
            /** @enum {string} */
            trigger: "initial" | "manual" | "scheduled" | "on_demand";
            /** @enum {string|null} */
            grade: "A+" | "A" | "B" | "C" | "D" | "F" | null;
            score: number | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            completed_at: string | null;
            duration_ms: number | null;
            error: string | null;
        };
        FullScanCompleted: {
            grade: "A+" | "A" | "B" | "C" | "D" | "F";
            score: number;
            category_scores: {
                protocol: number;
                key_exchange: number;
                cipher_strength: number;
            };
            /** @description Limits applied to the grade, with why */
            caps: {
                grade: "A+" | "A" | "B" | "C" | "D" | "F";
                reason: string;
            }[];
            warnings: string[];
            notes: string[];
            /** @description The grade as if the certificate were trusted; null unless trust failed */
            grade_trust_ignored: ("A+" | "A" | "B" | "C" | "D" | "F") | null;
            host: string;
            port: number;
            ip: string;
            protocols: {
                name: "SSLv2" | "SSLv3" | "TLSv1.0" | "TLSv1.1" | "TLSv1.2" | "TLSv1.3";
                supported: boolean;
            }[];
            /** @description Accepted suites per supported protocol, in the server's preference order */
            cipher_suites: {
                SSLv2?: {
                    /** @description IANA code point, e.g. 0xc02f; SSLv2 cipher kinds are 3-byte values (e.g. 0x010080) */
                    id: number;
                    /**
                     * @description IANA name (SSL_CK_... for SSLv2)
                     * @example TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256
                     */
                    name: string;
                    /** @description Effective symmetric strength: 3DES 112, export ciphers below 128, NULL 0 */
                    bits: number;
                    /** @description RSA, DHE, ECDHE, DH, ECDH, DH_anon, ECDH_anon, RSA_EXPORT, DHE_EXPORT, ... */
                    key_exchange: string;
                    forward_secrecy: boolean;
                    aead: boolean;
                }[];
                SSLv3?: {
                    /** @description IANA code point, e.g. 0xc02f; SSLv2 cipher kinds are 3-byte values (e.g. 0x010080) */
                    id: number;
                    /**
                     * @description IANA name (SSL_CK_... for SSLv2)
                     * @example TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256
                     */
                    name: string;
                    /** @description Effective symmetric strength: 3DES 112, export ciphers below 128, NULL 0 */
                    bits: number;
                    /** @description RSA, DHE, ECDHE, DH, ECDH, DH_anon, ECDH_anon, RSA_EXPORT, DHE_EXPORT, ... */
                    key_exchange: string;
                    forward_secrecy: boolean;
                    aead: boolean;
                }[];
                "TLSv1.0"?: {
                    /** @description IANA code point, e.g. 0xc02f; SSLv2 cipher kinds are 3-byte values (e.g. 0x010080) */
                    id: number;
                    /**
                     * @description IANA name (SSL_CK_... for SSLv2)
                     * @example TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256
                     */
                    name: string;
                    /** @description Effective symmetric strength: 3DES 112, export ciphers below 128, NULL 0 */
                    bits: number;
                    /** @description RSA, DHE, ECDHE, DH, ECDH, DH_anon, ECDH_anon, RSA_EXPORT, DHE_EXPORT, ... */
                    key_exchange: string;
                    forward_secrecy: boolean;
                    aead: boolean;
                }[];
                "TLSv1.1"?: {
                    /** @description IANA code point, e.g. 0xc02f; SSLv2 cipher kinds are 3-byte values (e.g. 0x010080) */
                    id: number;
                    /**
                     * @description IANA name (SSL_CK_... for SSLv2)
                     * @example TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256
                     */
                    name: string;
                    /** @description Effective symmetric strength: 3DES 112, export ciphers below 128, NULL 0 */
                    bits: number;
                    /** @description RSA, DHE, ECDHE, DH, ECDH, DH_anon, ECDH_anon, RSA_EXPORT, DHE_EXPORT, ... */
                    key_exchange: string;
                    forward_secrecy: boolean;
                    aead: boolean;
                }[];
                "TLSv1.2"?: {
                    /** @description IANA code point, e.g. 0xc02f; SSLv2 cipher kinds are 3-byte values (e.g. 0x010080) */
                    id: number;
                    /**
                     * @description IANA name (SSL_CK_... for SSLv2)
                     * @example TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256
                     */
                    name: string;
                    /** @description Effective symmetric strength: 3DES 112, export ciphers below 128, NULL 0 */
                    bits: number;
                    /** @description RSA, DHE, ECDHE, DH, ECDH, DH_anon, ECDH_anon, RSA_EXPORT, DHE_EXPORT, ... */
                    key_exchange: string;
                    forward_secrecy: boolean;
                    aead: boolean;
                }[];
                "TLSv1.3"?: {
                    /** @description IANA code point, e.g. 0xc02f; SSLv2 cipher kinds are 3-byte values (e.g. 0x010080) */
                    id: number;
                    /**
                     * @description IANA name (SSL_CK_... for SSLv2)
                     * @example TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256
                     */
                    name: string;
                    /** @description Effective symmetric strength: 3DES 112, export ciphers below 128, NULL 0 */
                    bits: number;
                    /** @description RSA, DHE, ECDHE, DH, ECDH, DH_anon, ECDH_anon, RSA_EXPORT, DHE_EXPORT, ... */
                    key_exchange: string;
                    forward_secrecy: boolean;
                    aead: boolean;
                }[];
            };
            /** @description Whether the server picks by its own order; null when it could not be told (one suite) */
            server_cipher_order: boolean | null;
            key_exchange: {
                certificate_key_type: string | null;
                certificate_key_bits: number | null;
                ephemeral: {
                    type: "ECDH" | "DH" | "RSA";
                    /** @description Group name for ECDH and TLS 1.3 FFDHE groups (x25519, secp256r1, ffdhe2048...), null for plain DH/RSA */
                    group: string | null;
                    /** @description Curve field size or modulus/prime size in bits */
                    bits: number;
                    /** @description Strength in RSA-equivalent bits as the grader counts it */
                    rsa_equivalent_bits: number;
                }[];
            };
            forward_secrecy: boolean;
            aead: boolean;
            /** @description null when fewer than two protocols are supported */
            fallback_scsv: boolean | null;
            /** @description null when no protocol below TLS 1.3 is supported */
            secure_renegotiation: boolean | null;
            ocsp_stapling: boolean;
            /** @description The negotiated ALPN protocol, null when none */
            alpn: string | null;
            hsts: {
                present: boolean;
                /** @description Seconds; null when absent */
                max_age: number | null;
                include_subdomains: boolean;
                preload: boolean;
            };
            /** @description null when the server sent none (anonymous suites only) */
            certificate: {
                subject: string;
                issuer: string;
                /** @description ISO 8601 */
                valid_from: string;
                /** @description ISO 8601 */
                valid_to: string;
                serial_number: string;
                /** @description Lower-case hex, no separators */
                fingerprint_sha256: string;
                sans: string[];
                /** @description RSA, EC, Ed25519, Ed448, DSA */
                key_type: string;
                /** @description RSA/DSA modulus bits; EC curve size */
                key_size: number;
                /** @description EC curve name (P-256...), null for other key types */
                key_curve: string | null;
                /** @example sha256WithRSAEncryption */
                signature_algorithm: string;
                /** @description md5, sha1, sha256, sha384, sha512, or null when not a hash-and-sign algorithm */
                signature_hash: string | null;
                self_signed: boolean;
                trusted: boolean;
                /** @description OpenSSL verification code (e.g. CERT_HAS_EXPIRED), null when trusted */
                trust_error: string | null;
                hostname_match: boolean;
            } | null;
            /** @description The certificates after the leaf, as sent */
            chain: {
                subject: string;
                issuer: string;
                /** @description ISO 8601 */
                valid_from: string;
                /** @description ISO 8601 */
                valid_to: string;
                serial_number: string;
                /** @description Lower-case hex, no separators */
                fingerprint_sha256: string;
                sans: string[];
                /** @description RSA, EC, Ed25519, Ed448, DSA */
                key_type: string;
                /** @description RSA/DSA modulus bits; EC curve size */
                key_size: number;
                /** @description EC curve name (P-256...), null for other key types */
                key_curve: string | null;
                /** @example sha256WithRSAEncryption */
                signature_algorithm: string;
                /** @description md5, sha1, sha256, sha384, sha512, or null when not a hash-and-sign algorithm */
                signature_hash: string | null;
                self_signed: boolean;
            }[];
            /** @description ISO 8601 time of the scan */
            scanned_at: string;
            duration_ms: number;
            scan_id: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            status: "completed";
            domain_id: number | null;
            /** Format: date-time */
            completed_at: string | null;
        };
        FullScanFailed: {
            scan_id: number;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            status: "failed";
            hostname: string;
            port: number;
            domain_id: number | null;
            /** @description Why the scan failed */
            error: string | null;
            /** @description A failed scan has no report */
            report: null;
        };
        HeaderCheck: {
            id: number;
            domain_id: number;
            /** @description The scan it ran with */
            scan_id: number;
            /** @description https://hostname[:port]/ */
            url: string;
            /** @enum {string} */
            status: "completed" | "failed";
            /** @enum {string|null} */
            grade: "A+" | "A" | "B" | "C" | "D" | "F" | null;
            score: number | null;
            /** @description MDN Observatory score (service.deeper_score) */
            deeper_score: number | null;
            /** @description Observatory algorithm the deeper score followed */
            algorithm_version: number | null;
            /** @description Why a failed check failed */
            error: string | null;
            /** Format: date-time */
            checked_at: string;
        };
        /** @description The plan's limits; null means unlimited */
        PlanLimits: {
            /** @description null: no limit on this plan */
            requests_per_day: number | null;
            /** @description null: no limit on this plan */
            requests_per_minute: number | null;
            /** @description null: no limit on this plan */
            concurrent_scans: number | null;
            uptime_monitoring: boolean;
            /** @description null: no limit on this plan */
            monitors: number | null;
            /** @description null: no limit on this plan */
            domains: number | null;
        };
        Invoice: {
            /** @description null for an estimate */
            id: number | null;
            /** @description The billing period: a calendar month (UTC), YYYY-MM */
            period: string;
            /**
             * Format: date-time
             * @description First instant of the month (inclusive)
             */
            period_start: string;
            /**
             * Format: date-time
             * @description First instant of the next month (exclusive)
             */
            period_end: string;
            /**
             * @description `issued` for invoices, `draft` for an estimate
             * @enum {string}
             */
            status: "issued" | "draft";
            /** @enum {string} */
            currency: "usd";
            /** @description Sum of the line amounts, in cents of `currency` */
            subtotal: number;
            /** @description Amount due (no taxes or discounts: equals subtotal), in cents of `currency` */
            total: number;
            /**
             * Format: date-time
             * @description null for an estimate
             */
            issued_at: string | null;
            /** @description One line per run of days on one tier, in order */
            line_items: {
                /** @example Pro plan, 2026-01-10 to 2026-01-19 (10 of 31 days) */
                description: string;
                /** @enum {string} */
                tier: "free" | "pro" | "business" | "enterprise";
                /**
                 * Format: date-time
                 * @description First day billed, 00:00 UTC (inclusive)
                 */
                from: string;
                /**
                 * Format: date-time
                 * @description 00:00 UTC after the last day billed (exclusive)
                 */
                to: string;
                /** @description Days billed at this tier */
                days: number;
                /** @description Days in the billing period (28 to 31) */
                period_days: number;
                /** @description The tier's monthly price, in cents of `currency` */
                unit_price: number;
                /** @description unit_price × days / period_days, rounded half up to a whole cent, in cents of `currency` */
                amount: number;
            }[];
        };
        StatusPage: {
            id: number;
            /** @description Unique over the service; the page is /status/{slug} */
            slug: string;
            title: string;
            description: string | null;
            sections: {
                title: string;
                /** @description The account's own monitors, in display order */
                monitor_ids: number[];
                /** @description The account's own domains, in display order */
                domain_ids: number[];
            }[];
            /**
             * @description auto follows the reader's system setting
             * @enum {string}
             */
            theme: "light" | "dark" | "auto";
            /** @description A page that is not public answers 404 */
            is_public: boolean;
            show_uptime_bars: boolean;
            /** @description A verified hostname the page is also served on (at /, /index.json and /feed.atom) */
            custom_hostname: string | null;
            /** @description The public page */
            url: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Notice: {
            id: number;
            status_page_id: number;
            title: string;
            /** @enum {string} */
            status: "investigating" | "identified" | "monitoring" | "resolved";
            message: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        IncidentUpdate: {
            id: number;
            incident_id: number;
            /** @enum {string} */
            status: "investigating" | "identified" | "monitoring" | "resolved";
            message: string;
            /** Format: date-time */
            created_at: string;
        };
        BadgeLinks: {
            /** @description Opens these badges without an API key; rotate it to revoke the old links */
            token: string;
            /** Format: date-time */
            created_at: string;
            /**
             * @description Per badge (its name with _ for -): svg_url (flat SVG), json_url (shields.io endpoint JSON) and shields_url
             * @example {
             *       "uptime_24h": {
             *         "svg_url": "https://vigil.example.com/badges/bt_4f9c2a/uptime-24h.svg",
             *         "json_url": "https://vigil.example.com/badges/bt_4f9c2a/uptime-24h.json",
             *         "shields_url": "https://img.shields.io/endpoint?url=https%3A%2F%2Fvigil.example.com%2Fbadges%2Fbt_4f9c2a%2Fuptime-24h.json"
             *       }
             *     }
             */
            badges: {
                [key: string]: {
                    /** Format: uri */
                    svg_url: string;
                    /** Format: uri */
                    json_url: string;
                    /** Format: uri */
                    shields_url: string;
                };
            };
        };
        /**
         * @example {
         *       "changes": [
         *         {
         *           "action": "update",
         *           "kind": "monitor",
         *           "key": "shop-home",
         *           "diff": {
         *             "check_interval": {
         *               "before": 300,
         *               "after": 60
         *             }
         *           }
         *         }
         *       ],
         *       "summary": {
         *         "create": 0,
         *         "update": 1,
         *         "delete": 0,
         *         "unchanged": 4
         *       },
         *       "fingerprint": "q1Vd3Rz3mQw6hXJ0pYcF1pDq2eG7m7xYw0Qb5oBqB9k"
         *     }
         */
        ConfigPlan: {
            changes: {
                /** @enum {string} */
                action: "create" | "update" | "delete" | "unchanged";
                /** @enum {string} */
                kind: "domain" | "monitor" | "integration" | "maintenance_window" | "status_page";
                key: string;
                /** @description Field by field: create lists every field (after), delete every field (before), update the fields that differ, unchanged none */
                diff: {
                    [key: string]: {
                        /** @description Current value (absent for a create); secrets masked */
                        before?: unknown;
                        /** @description Value in the document (absent for a delete); secrets masked */
                        after?: unknown;
                    };
                };
            }[];
            summary: {
                create: number;
                update: number;
                delete: number;
                unchanged: number;
            };
            /** @description The account's state the plan was made against: give it to apply to refuse (409) if it changed since */
            fingerprint: string;
        };
        ConfigPathError: {
            /** @example Invalid interval */
            error: string;
            /**
             * @description The document path of the field at fault (empty: the document itself)
             * @example monitors[3].check_interval
             */
            path: string;
        };
        ConfigAccountChanged: {
            /** @constant */
            error: "The account changed since the plan: plan again";
            /** @description The account's fingerprint now */
            fingerprint: string;
        };
        ConfigEntryConflict: {
            /**
             * @example URL already monitored
             * @example Slug already taken
             */
            error: string;
            /** @example monitors[2] */
            path: string;
        };
        ConfigDomainConflict: {
            /** @constant */
            error: "Domain already exists";
            hostname: string;
            port: number;
            /** @example domains[0] */
            path: string;
        };
        /**
         * @description Every object of the account (GET /api/v1/config/schema describes the entries)
         * @example {
         *       "monitors": [
         *         {
         *           "key": "shop-home",
         *           "name": "Shop home",
         *           "type": "http",
         *           "url": "https://shop.example.com/",
         *           "check_interval": 300
         *         }
         *       ],
         *       "domains": [
         *         {
         *           "key": "shop",
         *           "hostname": "shop.example.com",
         *           "port": 443,
         *           "monitoring_frequency": "daily"
         *         }
         *       ],
         *       "integrations": [],
         *       "maintenance_windows": [],
         *       "status_pages": []
         *     }
         */
        ConfigDocument: {
            domains: {
                [key: string]: unknown;
            }[];
            monitors: {
                [key: string]: unknown;
            }[];
            integrations: {
                [key: string]: unknown;
            }[];
            maintenance_windows: {
                [key: string]: unknown;
            }[];
            status_pages: {
                [key: string]: unknown;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Index */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example Vigil */
                        name: string;
                        description: string;
                        /** @example 0.1.0 */
                        version: string;
                        /**
                         * @example {
                         *       "docs": "http://vigil.test/docs",
                         *       "openapi": "http://vigil.test/api/v1/openapi.json",
                         *       "pricing": "http://vigil.test/pricing",
                         *       "header_check": "http://vigil.test/headers/check?q=example.com",
                         *       "health": "http://vigil.test/healthz",
                         *       "readiness": "http://vigil.test/readyz"
                         *     }
                         */
                        links: {
                            [key: string]: string;
                        };
                    };
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPricing: {
        parameters: {
            query?: {
                /** @description Overrides the Accept header */
                format?: "json" | "html";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plans, from the same tier table the limits use (text/html: a small page for browsers) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/json": {
                        /** @example usd */
                        currency: string;
                        tiers: {
                            /** @enum {string} */
                            name: "free" | "pro" | "business" | "enterprise";
                            monthly_price_cents: number;
                            limits: components["schemas"]["FullPlanLimits"];
                        }[];
                    };
                };
            };
            /** @description Invalid format */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHealthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                    };
                };
            };
        };
    };
    getReadyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready" | "not ready";
                        /**
                         * @example {
                         *       "postgres": "ok",
                         *       "redis": "ok"
                         *     }
                         */
                        checks: {
                            [key: string]: string;
                        };
                    };
                };
            };
            /** @description A dependency does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready" | "not ready";
                        /**
                         * @example {
                         *       "postgres": "ok",
                         *       "redis": "ok"
                         *     }
                         */
                        checks: {
                            [key: string]: string;
                        };
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text format */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_keys: components["schemas"]["ApiKey"][];
                        total: number;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `keys:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1ApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "CI deploys",
                 *       "scopes": [
                 *         "monitors:write",
                 *         "domains:read"
                 *       ],
                 *       "expires_at": "2030-01-01T00:00:00Z"
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** @description What the key may do: `<family>:read`, `<family>:write` (write implies read), `*:read` or `*`; absent: the creating key's own scopes. Never more than the creating key holds. */
                    scopes?: ("*" | "*:read" | "monitors:read" | "monitors:write" | "domains:read" | "domains:write" | "integrations:read" | "integrations:write" | "status_pages:read" | "status_pages:write" | "maintenance:read" | "maintenance:write" | "keys:read" | "keys:write" | "billing:read" | "billing:write")[];
                    /**
                     * Format: date-time
                     * @description When the key stops working (ISO 8601, in the future); null or absent: never
                     */
                    expires_at?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_key: {
                            id: number;
                            name: string;
                            /** @description First 8 characters of the secret */
                            prefix: string;
                            /** @description What the key may do (`*`: everything, the default of keys made before scopes) */
                            scopes: ("*" | "*:read" | "monitors:read" | "monitors:write" | "domains:read" | "domains:write" | "integrations:read" | "integrations:write" | "status_pages:read" | "status_pages:write" | "maintenance:read" | "maintenance:write" | "keys:read" | "keys:write" | "billing:read" | "billing:write")[];
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            expires_at: string | null;
                        };
                        /** @description The secret, shown only this once */
                        key: string;
                        /** @example API key created. Store the key now: it is not shown again. */
                        message: string;
                    };
                };
            };
            /** @description Invalid name, scopes or expires_at */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Insufficient scope`: `scopes` grant more than the calling key holds; `required` names a scope it lacks; `Insufficient scope`: the key does not hold `keys:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ApiKeysId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_key: components["schemas"]["ApiKey"];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `keys:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description API key not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1ApiKeysId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example API key revoked */
                        message: string;
                        revoked_key_id: number;
                        api_key: components["schemas"]["ApiKey"];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `keys:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description API key not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1ApiKeysIdRotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new key and its secret */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_key: {
                            id: number;
                            name: string;
                            /** @description First 8 characters of the secret */
                            prefix: string;
                            /** @description What the key may do (`*`: everything, the default of keys made before scopes) */
                            scopes: ("*" | "*:read" | "monitors:read" | "monitors:write" | "domains:read" | "domains:write" | "integrations:read" | "integrations:write" | "status_pages:read" | "status_pages:write" | "maintenance:read" | "maintenance:write" | "keys:read" | "keys:write" | "billing:read" | "billing:write")[];
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            expires_at: string | null;
                        };
                        /** @description The new secret, shown only this once */
                        key: string;
                        rotated_key_id: number;
                        /** @example API key rotated. The old key no longer works. */
                        message: string;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Insufficient scope`: the key to rotate holds a scope the calling key lacks (`required`); `Insufficient scope`: the key does not hold `keys:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description API key not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key is revoked, or API key is expired */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1AuditLog: {
        parameters: {
            query?: {
                /** @description Default 50; above 100 is clamped to 100 */
                per_page?: number;
                /** @description A resource type (monitor, domain, integration, status_page, status_page_notice, incident, incident_update, maintenance_window, api_key, scan, verification, account) or type:id, e.g. monitor:42 */
                resource?: string;
                /** @description Only the changes made with this API key (its id) */
                key?: number;
                /** @description Only this action */
                action?: "create" | "update" | "delete" | "pause" | "resume" | "acknowledge" | "rotate" | "revoke" | "check" | "scan" | "test" | "redeliver" | "verify" | "apply" | "tier_change" | "use_from_new_ip";
                /** @description ISO 8601 date or date-time; entries at or after it */
                from?: string;
                /** @description ISO 8601 date or date-time; entries at or before it */
                to?: string;
                /** @description next_cursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of entries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest first */
                        entries: components["schemas"]["AuditEntry"][];
                        pagination: {
                            per_page: number;
                            has_next: boolean;
                            /** @description Pass as `cursor` for the next (older) page; null on the last page */
                            next_cursor: string | null;
                        };
                    };
                };
            };
            /** @description Invalid resource, key, action, from, to, date range, cursor or per_page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `keys:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1IntegrationsTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Types and events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        types: {
                            /** @enum {string} */
                            type: "email" | "webhook" | "slack" | "discord" | "pagerduty" | "opsgenie" | "teams" | "telegram" | "google_chat" | "mattermost" | "matrix" | "ntfy" | "pushover" | "gotify" | "twilio_sms" | "webhook_template";
                            /** @example Webhook */
                            name: string;
                            description: string;
                            config_fields: {
                                name: string;
                                /** @example string */
                                type: string;
                                required: boolean;
                                secret: boolean;
                                description: string;
                            }[];
                        }[];
                        events: ("monitor.down" | "monitor.up" | "monitor.degraded" | "incident.acknowledged" | "certificate.expiring" | "certificate.expired" | "domain.grade_changed" | "headers.grade_changed" | "scan.completed" | "domain.verification_lapsed" | "location.offline" | "location.online" | "test")[];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `integrations:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Integrations: {
        parameters: {
            query?: {
                /** @description Default 1 */
                page?: number;
                /** @description Default 20; above 100 is clamped to 100 */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        integrations: components["schemas"]["Integration"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Invalid page or per_page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `integrations:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Integrations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "webhook",
                 *       "name": "Ops webhook",
                 *       "config": {
                 *         "url": "https://hooks.example.com/vigil"
                 *       },
                 *       "events": [
                 *         "monitor.down",
                 *         "monitor.up"
                 *       ],
                 *       "monitor_ids": [
                 *         42
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "email" | "webhook" | "slack" | "discord" | "pagerduty" | "opsgenie" | "teams" | "telegram" | "google_chat" | "mattermost" | "matrix" | "ntfy" | "pushover" | "gotify" | "twilio_sms" | "webhook_template";
                    name: string;
                    /** @description Fields per type (GET /api/v1/integrations/types) */
                    config: {
                        to: string | string[];
                    } | {
                        /** Format: uri */
                        url: string;
                        secret?: string;
                    } | {
                        /** Format: uri */
                        webhook_url: string;
                    } | {
                        /** Format: uri */
                        webhook_url: string;
                    } | {
                        routing_key: string;
                        /**
                         * Format: uri
                         * @description Base URL of the API; default https://events.pagerduty.com
                         */
                        api_url?: string;
                        webhook_secret?: string;
                    } | {
                        api_key: string;
                        /**
                         * Format: uri
                         * @description Base URL of the API; default https://api.opsgenie.com
                         */
                        api_url?: string;
                        webhook_secret?: string;
                    } | {
                        /** Format: uri */
                        url: string;
                    } | {
                        bot_token: string;
                        chat_id: number | string;
                        /**
                         * Format: uri
                         * @description Base URL of the API; default https://api.telegram.org
                         */
                        api_url?: string;
                    } | {
                        /** Format: uri */
                        url: string;
                    } | {
                        /** Format: uri */
                        url: string;
                    } | {
                        access_token: string;
                        room_id: string;
                        /**
                         * Format: uri
                         * @description Base URL of the API; default https://matrix-client.matrix.org
                         */
                        api_url?: string;
                    } | {
                        topic: string;
                        token?: string;
                        /**
                         * Format: uri
                         * @description Base URL of the API; default https://ntfy.sh
                         */
                        api_url?: string;
                    } | {
                        user_key: string;
                        app_token: string;
                        /**
                         * Format: uri
                         * @description Base URL of the API; default https://api.pushover.net
                         */
                        api_url?: string;
                    } | {
                        app_token: string;
                        /**
                         * Format: uri
                         * @description Base URL of the server
                         */
                        api_url: string;
                    } | {
                        account_sid: string;
                        auth_token: string;
                        from: string;
                        to: string;
                        /**
                         * Format: uri
                         * @description Base URL of the API; default https://api.twilio.com
                         */
                        api_url?: string;
                    } | {
                        /** Format: uri */
                        url: string;
                        body_template: string;
                        headers?: {
                            [key: string]: string;
                        };
                    };
                    /** @description Empty or absent = all events */
                    events?: ("monitor.down" | "monitor.up" | "monitor.degraded" | "incident.acknowledged" | "certificate.expiring" | "certificate.expired" | "domain.grade_changed" | "headers.grade_changed" | "scan.completed" | "domain.verification_lapsed" | "location.offline" | "location.online" | "test")[];
                    /** @description The account's own monitors; empty = all */
                    monitor_ids?: number[];
                    /** @description The account's own domains; empty = all */
                    domain_ids?: number[];
                    /** @default true */
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        integration: components["schemas"]["Integration"];
                        /** @description Webhook signing secret, shown once */
                        secret?: string;
                        /** @example Integration created */
                        message: string;
                    };
                };
            };
            /** @description Invalid type, name, config, events or scope */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `integrations:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1IntegrationsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The integration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        integration: components["schemas"]["Integration"];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `integrations:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Integration not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiV1IntegrationsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ops webhook (primary)",
                 *       "events": [
                 *         "monitor.down"
                 *       ],
                 *       "is_active": true
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type?: "email" | "webhook" | "slack" | "discord" | "pagerduty" | "opsgenie" | "teams" | "telegram" | "google_chat" | "mattermost" | "matrix" | "ntfy" | "pushover" | "gotify" | "twilio_sms" | "webhook_template";
                    name?: string;
                    /** @description Fields per type (GET /api/v1/integrations/types); on update merged into the current config */
                    config?: {
                        [key: string]: unknown;
                    };
                    /** @description Empty or absent = all events */
                    events?: ("monitor.down" | "monitor.up" | "monitor.degraded" | "incident.acknowledged" | "certificate.expiring" | "certificate.expired" | "domain.grade_changed" | "headers.grade_changed" | "scan.completed" | "domain.verification_lapsed" | "location.offline" | "location.online" | "test")[];
                    /** @description The account's own monitors; empty = all */
                    monitor_ids?: number[];
                    /** @description The account's own domains; empty = all */
                    domain_ids?: number[];
                    /** @default true */
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        integration: components["schemas"]["Integration"];
                        /** @example Integration updated */
                        message: string;
                    };
                };
            };
            /** @description Invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `integrations:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Integration not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1IntegrationsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example Integration deleted */
                        message: string;
                        deleted_integration_id: number;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `integrations:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Integration not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiV1IntegrationsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ops webhook (primary)",
                 *       "events": [
                 *         "monitor.down"
                 *       ],
                 *       "is_active": true
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type?: "email" | "webhook" | "slack" | "discord" | "pagerduty" | "opsgenie" | "teams" | "telegram" | "google_chat" | "mattermost" | "matrix" | "ntfy" | "pushover" | "gotify" | "twilio_sms" | "webhook_template";
                    name?: string;
                    /** @description Fields per type (GET /api/v1/integrations/types); on update merged into the current config */
                    config?: {
                        [key: string]: unknown;
                    };
                    /** @description Empty or absent = all events */
                    events?: ("monitor.down" | "monitor.up" | "monitor.degraded" | "incident.acknowledged" | "certificate.expiring" | "certificate.expired" | "domain.grade_changed" | "headers.grade_changed" | "scan.completed" | "domain.verification_lapsed" | "location.offline" | "location.online" | "test")[];
                    /** @description The account's own monitors; empty = all */
                    monitor_ids?: number[];
                    /** @description The account's own domains; empty = all */
                    domain_ids?: number[];
                    /** @default true */
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        integration: components["schemas"]["Integration"];
                        /** @example Integration updated */
                        message: string;
                    };
                };
            };
            /** @description Invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `integrations:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Integration not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1IntegrationsIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempt, delivered or failed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryAttempt"];
                };
            };
            /** @description No notifier finished the attempt within 15 s; it is still pending */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryAttempt"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `integrations:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Integration not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description More than 10 per minute for this account {error, message, retry_after, limit_type: per_minute} */
            429: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1IntegrationsIdDeliveries: {
        parameters: {
            query?: {
                /** @description Default 1 */
                page?: number;
                /** @description Default 20; above 100 is clamped to 100 */
                per_page?: number;
                status?: "pending" | "success" | "failed";
                event?: "monitor.down" | "monitor.up" | "monitor.degraded" | "incident.acknowledged" | "certificate.expiring" | "certificate.expired" | "domain.grade_changed" | "headers.grade_changed" | "scan.completed" | "domain.verification_lapsed" | "location.offline" | "location.online" | "test";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of attempts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        integration_id: number;
                        deliveries: components["schemas"]["Delivery"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Invalid page, per_page, status or event */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `integrations:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Integration not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1IntegrationsIdRotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "overlap_seconds": 3600
                 *     }
                 */
                "application/json": {
                    /**
                     * @description How long the previous secret keeps signing (a second signature); 0 ends it at once
                     * @default 86400
                     */
                    overlap_seconds?: number;
                };
            };
        };
        responses: {
            /** @description Rotated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        integration: components["schemas"]["Integration"];
                        secret: string;
                        /**
                         * Format: date-time
                         * @description Until when the previous secret also signs; null without an overlap
                         */
                        previous_secret_expires_at: string | null;
                        /** @example Secret rotated; store the new secret now, it is not shown again */
                        message: string;
                    };
                };
            };
            /** @description Invalid overlap_seconds, or the integration is not a webhook */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `integrations:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Integration not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1IntegrationsIdDeliveriesDeliveryIdRedeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                delivery_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new attempt, delivered or failed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryAttempt"];
                };
            };
            /** @description No notifier finished the attempt within 15 s; it is still pending */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryAttempt"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `integrations:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Integration not found, or Delivery not found (delivery_id is the id of a delivery's first attempt) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description More than 10 per minute for this account {error, message, retry_after, limit_type: per_minute} */
            429: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Usage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Usage of the current UTC day */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example pro */
                        tier: string;
                        /**
                         * Format: date
                         * @example 2026-11-23
                         */
                        date: string;
                        requests_today: number;
                        /** @description null: no limit on this plan */
                        daily_limit: number | null;
                        /** @description null: no limit on this plan */
                        daily_remaining: number | null;
                        /** @description null: no limit on this plan */
                        requests_per_minute_limit: number | null;
                        /**
                         * Format: date-time
                         * @description Next UTC midnight
                         */
                        reset_at: string;
                        checks_today: number;
                        scans_today: number;
                        alerts_today: number;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `billing:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1UsageHistory: {
        parameters: {
            query?: {
                /** @description How many days, default 30 */
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Daily counts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        days: number;
                        history: {
                            /**
                             * Format: date
                             * @example 2026-11-23
                             */
                            date: string;
                            requests: number;
                        }[];
                        total_requests: number;
                    };
                };
            };
            /** @description Invalid days */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `billing:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1UsageLimits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Limits and use */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example pro */
                        tier: string;
                        limits: components["schemas"]["FullPlanLimits"];
                        usage: {
                            monitors: number;
                            domains: number;
                            concurrent_scans: number;
                        };
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `billing:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1UsageSummary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description 30-day totals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        period: {
                            /**
                             * Format: date
                             * @example 2026-11-23
                             */
                            from: string;
                            /**
                             * Format: date
                             * @example 2026-11-23
                             */
                            to: string;
                            /** @constant */
                            days: 30;
                        };
                        totals: {
                            requests: number;
                            checks: number;
                            scans: number;
                            alerts: number;
                        };
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `billing:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHeadersCheck: {
        parameters: {
            query: {
                /** @description A hostname, host:port, or an http(s) URL; a bare host is fetched over https */
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The security-header report (fields of the seed's Security-header report) */
            200: {
                headers: {
                    "X-Grade"?: string;
                    "X-Grade-Capped"?: string;
                    "X-Daily-Limit"?: string;
                    "X-Daily-Remaining"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HeaderReport"];
                };
            };
            /** @description q missing, or Invalid hostname */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A key was sent and is invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Daily header-check quota exhausted */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description Site unreachable, with detail */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorWithDetail"] | components["schemas"]["Error"];
                };
            };
            /** @description No scanner finished the check in time (or PostgreSQL or Redis is unreachable); retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorWithDetail"] | components["schemas"]["Error"];
                };
            };
        };
    };
    postHeadersGrade: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "headers": {
                 *         "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
                 *         "Content-Security-Policy": "default-src 'self'",
                 *         "X-Content-Type-Options": "nosniff",
                 *         "Set-Cookie": [
                 *           "session=abc; Secure; HttpOnly",
                 *           "theme=dark; Secure"
                 *         ]
                 *       },
                 *       "https": true,
                 *       "site": "shop.example.com"
                 *     }
                 */
                "application/json": {
                    /** @description Header name -> value as the site would send it; an array of strings for a header sent several times */
                    headers: {
                        [key: string]: string | string[];
                    };
                    /**
                     * @description The response would come over https: HSTS counts only then
                     * @default true
                     */
                    https?: boolean;
                    /** @description Hostname, host:port or URL the headers are for (summary.site; which scripts are same-site for SRI) */
                    site?: string;
                    /** @description The page, for the Subresource Integrity test (default: no scripts) */
                    html?: string;
                };
            };
        };
        responses: {
            /** @description The security-header report, as /headers/check gives it, with graded_at instead of fetched_at and final_url */
            200: {
                headers: {
                    "X-Grade"?: string;
                    "X-Grade-Capped"?: string;
                    "X-Daily-Limit"?: string;
                    "X-Daily-Remaining"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhatIfHeaderReport"];
                };
            };
            /** @description Invalid body: headers missing or malformed, https not a boolean, invalid site or html */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A key was sent and is invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Daily header-check quota exhausted (shared with /headers/check) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description No scanner graded the headers in time (or PostgreSQL or Redis is unreachable); retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorWithDetail"] | components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1UptimeStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description outage when any active monitor is down, degraded when none is down and any is degraded or (multi-region monitors) failed in some regions but fewer than min_failing_regions in its latest round, else operational */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "operational" | "degraded" | "outage";
                        summary: components["schemas"]["MonitorStatusCounts"];
                        uptime_24h: number | null;
                        monitors: {
                            id: number;
                            name: string;
                            url: string;
                            /** @enum {string} */
                            status: "pending" | "up" | "down" | "degraded" | "paused";
                            /** Format: date-time */
                            last_check: string | null;
                            uptime_24h: number | null;
                            in_maintenance: boolean;
                        }[];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan below Pro); `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1UptimeMonitors: {
        parameters: {
            query?: {
                status?: "pending" | "up" | "down" | "degraded" | "paused";
                /** @description Default 1 */
                page?: number;
                /** @description Default 20; above 100 is clamped to 100 */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of monitors (oldest first); summary counts all of the account's monitors */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        monitors: {
                            id: number;
                            name: string;
                            /** @enum {string} */
                            type: "http" | "tcp" | "dns" | "heartbeat" | "websocket";
                            /** @description http: the URL; other types: the display form of the target */
                            url: string;
                            /** @description http monitors only */
                            method?: string;
                            /** @enum {string} */
                            status: "pending" | "up" | "down" | "degraded" | "paused";
                            check_interval: number;
                            timeout: number;
                            is_active: boolean;
                            /** Format: date-time */
                            last_check: string | null;
                            last_response_time_ms: number | null;
                            uptime_24h: number | null;
                            uptime_7d: number | null;
                            uptime_30d: number | null;
                            /** @description A maintenance window covers the monitor now (or covered it when the check ran) */
                            in_maintenance: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                        summary: components["schemas"]["MonitorStatusCounts"];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Invalid status, page or per_page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan below Pro); `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1UptimeMonitors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Shop home page",
                 *       "url": "https://shop.example.com/",
                 *       "check_interval": 60,
                 *       "expected_status_codes": [
                 *         200
                 *       ],
                 *       "alert_threshold": 2
                 *     }
                 */
                "application/json": {
                    name: string;
                    /**
                     * @description What the monitor checks; fixed at create
                     * @default http
                     * @enum {string}
                     */
                    type?: "http" | "tcp" | "dns" | "heartbeat" | "websocket";
                    /** @description The configuration of a tcp, dns, heartbeat or websocket monitor (http monitors are configured by their own fields and refuse it). On update the fields given replace the current ones. */
                    config?: {
                        /** @description Host name or IP address */
                        host: string;
                        port: number;
                        /**
                         * @description Complete a TLS handshake after connecting
                         * @default false
                         */
                        tls?: boolean;
                        /**
                         * @description With tls: verify the certificate chain and name
                         * @default true
                         */
                        verify_tls?: boolean;
                        /** @description With tls: SNI and the name the certificate must cover; null = host */
                        servername?: string | null;
                    } | {
                        /** @description DNS name to resolve */
                        name: string;
                        /** @enum {string} */
                        record_type: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS" | "CAA" | "SOA";
                        /**
                         * @description Empty: any non-empty answer passes
                         * @default []
                         */
                        expected_values?: string[];
                        /**
                         * @description any / all of expected_values present, or none of them
                         * @default any
                         * @enum {string}
                         */
                        match?: "any" | "all" | "none";
                        /** @description ip or ip:port ([v6]:port) of the resolver to ask; null = the service's resolvers */
                        resolver?: string | null;
                    } | {
                        /** @description ws:// or wss:// URL to open (no credentials: the URL is stored as given) */
                        url: string;
                        /** @description Text sent once the connection is open */
                        message?: string | null;
                        /** @description A text reply must contain it (match contains) or match it (match matches, RE2 syntax); null: the handshake alone decides */
                        expected_reply?: string | null;
                        /**
                         * @default contains
                         * @enum {string}
                         */
                        match?: "contains" | "matches";
                        /**
                         * @description wss: verify the certificate chain and name
                         * @default true
                         */
                        verify_tls?: boolean;
                    } | {
                        /** @description Seconds between pings (default 86400 when cron is not given) */
                        period?: number | null;
                        /** @description Five-field cron expression of when the job runs, instead of period */
                        cron?: string | null;
                        /** @description IANA time zone of cron (default UTC) */
                        timezone?: string | null;
                        /**
                         * @description Seconds a ping may be late before a failure is recorded; a success ping more than grace before it is due fails as too often
                         * @default 3600
                         */
                        grace?: number;
                        /** @description A run (start ping to success ping) shorter than this many seconds fails as too fast */
                        min_duration?: number | null;
                        /** @description A run longer than this many seconds (or a start with no success or failure within it) fails as too slow */
                        max_duration?: number | null;
                    };
                    /**
                     * @description http monitors: http:// or https:// URL (required). Other types (read only): the display form of the target, e.g. tcp://host:port, tls://host:port, dns:name?type=A, or `heartbeat`
                     * @example https://example.com/health
                     */
                    url?: string;
                    /**
                     * @description http monitors only; any case (answers give it upper-case)
                     * @default GET
                     * @enum {string}
                     */
                    method?: "GET" | "POST" | "HEAD";
                    /**
                     * @description Seconds; the plan decides which are allowed
                     * @default 300
                     * @enum {number}
                     */
                    check_interval?: 60 | 300 | 600 | 1800 | 3600;
                    /**
                     * @description Seconds
                     * @default 30
                     */
                    timeout?: number;
                    /**
                     * @description http monitors only
                     * @default [
                     *       200,
                     *       201,
                     *       204
                     *     ]
                     */
                    expected_status_codes?: number[];
                    /** @description http monitors only: text the body must contain */
                    expected_content?: string | null;
                    /** @description http monitors only: request headers */
                    headers?: {
                        [key: string]: string;
                    };
                    /** @description http monitors only: request body */
                    body?: string | null;
                    /**
                     * @description Consecutive failed checks (rounds) that open an incident
                     * @default 2
                     */
                    alert_threshold?: number;
                    /**
                     * @description A slower answer marks the monitor degraded
                     * @default 5000
                     */
                    degraded_threshold_ms?: number;
                    /**
                     * @description http monitors only
                     * @default true
                     */
                    follow_redirects?: boolean;
                    /**
                     * @description http monitors only
                     * @default true
                     */
                    verify_ssl?: boolean;
                    /**
                     * @description Objective in percent (at most 3 decimals); SLA reports show its error budget
                     * @example 99.9
                     */
                    slo_target?: number | null;
                    /**
                     * @description Consecutive successful checks that resolve an open incident
                     * @default 1
                     */
                    recovery_threshold?: number;
                    /**
                     * @description Repeat the down alert every N minutes while the incident is open and unacknowledged; null = never
                     * @default null
                     */
                    reminder_interval_minutes?: number | null;
                    /**
                     * @description Steps in increasing after_minutes: that long after an incident opened, still open and unacknowledged, the down alert goes to these integrations (the account's own; whatever their event and monitor filters). null or [] = none
                     * @default []
                     */
                    escalation?: {
                        after_minutes: number;
                        integration_ids: number[];
                    }[] | null;
                    /**
                     * @description http monitors only. Conditions judged after expected_status_codes and expected_content, each failed one named in the check's error (e.g. `Assertion failed: json $.status equals "ok" (got "degraded")`). Regular expressions and JSONPath queries of one check run under one time bound of 50 ms together. null or [] = none
                     * @default []
                     * @example [
                     *       {
                     *         "source": "status_code",
                     *         "operator": "less_than",
                     *         "value": 400
                     *       },
                     *       {
                     *         "source": "json_path",
                     *         "path": "$.status",
                     *         "operator": "equals",
                     *         "value": "ok"
                     *       },
                     *       {
                     *         "source": "header",
                     *         "name": "content-type",
                     *         "operator": "contains",
                     *         "value": "json"
                     *       },
                     *       {
                     *         "source": "certificate_expiry",
                     *         "operator": "greater_than",
                     *         "value": 14
                     *       }
                     *     ]
                     */
                    assertions?: ({
                        /** @constant */
                        source: "status_code";
                        /** @enum {string} */
                        operator: "equals" | "not_equals" | "less_than" | "greater_than";
                        value?: number;
                    } | {
                        /** @constant */
                        source: "response_time";
                        /** @enum {string} */
                        operator: "less_than" | "greater_than";
                        value?: number;
                    } | {
                        /** @constant */
                        source: "header";
                        /** @description Header name */
                        name: string;
                        /** @enum {string} */
                        operator: "exists" | "not_exists" | "equals" | "not_equals" | "contains" | "not_contains" | "matches";
                        /** @description The compared text; with matches a JavaScript regular expression (at most 500 characters), compiled on create/update */
                        value?: string;
                        /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                        flags?: string;
                    } | {
                        /** @constant */
                        source: "json_path";
                        /**
                         * @example $.status
                         * @example $.checks[?@.status != "ok"]
                         */
                        path: string;
                        /** @enum {string} */
                        operator: "exists" | "not_exists" | "equals" | "not_equals" | "contains" | "not_contains" | "matches" | "less_than" | "greater_than";
                        value?: string | number | boolean | null;
                        /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                        flags?: string;
                    } | {
                        /** @constant */
                        source: "body";
                        /** @enum {string} */
                        operator: "contains" | "not_contains" | "matches";
                        value?: string;
                        /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                        flags?: string;
                    } | {
                        /** @constant */
                        source: "certificate_expiry";
                        /** @enum {string} */
                        operator: "less_than" | "greater_than";
                        value?: number;
                    })[] | null;
                    /** @description Regions whose checkers check the monitor, each due run one round in all of them (GET /api/v1/regions lists the known ones). Default: the deployment's default regions (VIGIL_DEFAULT_REGIONS, usually ["default"]). The plan caps how many. Present in answers for monitors placed outside the lone default region */
                    regions?: string[];
                    /** @description How many regions must fail in the same round for the round to fail (alert_threshold counts failed rounds); at most the number of regions. null or absent: a majority. Answers give the effective number */
                    min_failing_regions?: number | null;
                };
            };
        };
        responses: {
            /** @description Created (status pending); a heartbeat monitor with its ping_url */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description http monitors carry method, expected_status_codes and expected_content; the other types config; heartbeat monitors ping_url and heartbeat */
                        monitor: {
                            id: number;
                            name: string;
                            /**
                             * @description What the monitor checks; fixed at create
                             * @enum {string}
                             */
                            type: "http" | "tcp" | "dns" | "heartbeat" | "websocket";
                            /**
                             * @description http monitors: http:// or https:// URL (required). Other types (read only): the display form of the target, e.g. tcp://host:port, tls://host:port, dns:name?type=A, or `heartbeat`
                             * @example https://example.com/health
                             */
                            url: string;
                            /** @description The configuration of a tcp, dns, heartbeat or websocket monitor (http monitors are configured by their own fields and refuse it). On update the fields given replace the current ones. */
                            config?: {
                                /** @description Host name or IP address */
                                host: string;
                                port: number;
                                /**
                                 * @description Complete a TLS handshake after connecting
                                 * @default false
                                 */
                                tls: boolean;
                                /**
                                 * @description With tls: verify the certificate chain and name
                                 * @default true
                                 */
                                verify_tls: boolean;
                                /** @description With tls: SNI and the name the certificate must cover; null = host */
                                servername?: string | null;
                            } | {
                                /** @description DNS name to resolve */
                                name: string;
                                /** @enum {string} */
                                record_type: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS" | "CAA" | "SOA";
                                /**
                                 * @description Empty: any non-empty answer passes
                                 * @default []
                                 */
                                expected_values: string[];
                                /**
                                 * @description any / all of expected_values present, or none of them
                                 * @default any
                                 * @enum {string}
                                 */
                                match: "any" | "all" | "none";
                                /** @description ip or ip:port ([v6]:port) of the resolver to ask; null = the service's resolvers */
                                resolver?: string | null;
                            } | {
                                /** @description ws:// or wss:// URL to open (no credentials: the URL is stored as given) */
                                url: string;
                                /** @description Text sent once the connection is open */
                                message?: string | null;
                                /** @description A text reply must contain it (match contains) or match it (match matches, RE2 syntax); null: the handshake alone decides */
                                expected_reply?: string | null;
                                /**
                                 * @default contains
                                 * @enum {string}
                                 */
                                match: "contains" | "matches";
                                /**
                                 * @description wss: verify the certificate chain and name
                                 * @default true
                                 */
                                verify_tls: boolean;
                            } | {
                                /** @description Seconds between pings (default 86400 when cron is not given) */
                                period?: number | null;
                                /** @description Five-field cron expression of when the job runs, instead of period */
                                cron?: string | null;
                                /** @description IANA time zone of cron (default UTC) */
                                timezone?: string | null;
                                /**
                                 * @description Seconds a ping may be late before a failure is recorded; a success ping more than grace before it is due fails as too often
                                 * @default 3600
                                 */
                                grace: number;
                                /** @description A run (start ping to success ping) shorter than this many seconds fails as too fast */
                                min_duration?: number | null;
                                /** @description A run longer than this many seconds (or a start with no success or failure within it) fails as too slow */
                                max_duration?: number | null;
                            };
                            /**
                             * @description http monitors only
                             * @enum {string}
                             */
                            method?: "GET" | "POST" | "HEAD";
                            /** @description http monitors only */
                            expected_status_codes?: number[];
                            /** @description http monitors only */
                            expected_content?: string | null;
                            /** @enum {string} */
                            status: "pending" | "up" | "down" | "degraded" | "paused";
                            check_interval: number;
                            timeout: number;
                            alert_threshold: number;
                            is_active: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description Regions whose checkers check the monitor */
                            regions: string[];
                            /** @description How many regions must fail in the same round for the round to fail (effective number) */
                            min_failing_regions: number;
                            /**
                             * Format: uri
                             * @description heartbeat monitors: the secret URL the job calls (GET, HEAD or POST; /start, /fail, /{exit code} appended)
                             */
                            ping_url?: string;
                            /** @description heartbeat monitors: where the schedule stands */
                            heartbeat?: {
                                /** Format: date-time */
                                last_ping_at: string | null;
                                /** Format: date-time */
                                last_start_at: string | null;
                                /** Format: date-time */
                                last_success_at: string | null;
                                /** Format: date-time */
                                last_failure_at: string | null;
                                /** Format: date-time */
                                next_due_at: string | null;
                                /** Format: date-time */
                                deadline_at: string | null;
                            };
                        };
                        /** @example Monitor created. The first check runs shortly. */
                        message: string;
                    };
                };
            };
            /** @description One of: Invalid request body: must be a JSON object; Invalid request body: give at least one field to update; Invalid name: must be a string of 1 to 200 characters; Invalid type: must be one of http, tcp, dns, heartbeat, websocket; Invalid type: the type of a monitor cannot be changed; Invalid config: http monitors are configured by their own fields (url, method, headers, ...); Invalid URL; Invalid method: must be one of GET, POST, HEAD; Invalid interval; Invalid timeout: must be an integer from 1 to 60 (seconds); Invalid expected_status_codes: must be a non-empty array of up to 50 integers from 100 to 599; Invalid expected_content: must be a string of at most 10000 characters, or null; Invalid headers: must be an object of at most 50 header names (HTTP tokens) to string values of printable ASCII or Latin-1 characters (no line breaks); Invalid body: must be a string of at most 65536 characters, or null; Invalid alert_threshold: must be an integer from 1 to 10; Invalid degraded_threshold_ms: must be an integer from 1 to 60000 (milliseconds); Invalid follow_redirects: must be a boolean; Invalid verify_ssl: must be a boolean; Invalid is_active: must be a boolean; Invalid recovery_threshold: must be an integer from 1 to 10; Invalid reminder_interval_minutes: must be an integer from 5 to 1440 (minutes), or null; Invalid escalation: must be an array of at most 5 steps {after_minutes, integration_ids}, after_minutes integers from 1 to 10080 in increasing order, integration_ids 1 to 10 distinct integration ids; Invalid regions: must be a non-empty array of distinct region names (lower-case letters, digits and -, starting with a letter); Invalid min_failing_regions: must be a positive integer, or null (a majority); Invalid slo_target: must be a number above 0 and below 100 with at most 3 decimals (e.g. 99.9), or null; Invalid {field}: not a field of {type} monitors (configure them in config); Invalid config: a tcp monitor needs an object {host, port, tls?, verify_tls?, servername?}; Invalid config.host: must be a host name or an IP address; Invalid config.port: must be an integer from 1 to 65535; Invalid config.tls: must be a boolean; Invalid config.verify_tls: must be a boolean; Invalid config.servername: must be a host name, or null; Invalid config: a dns monitor needs an object {name, record_type, expected_values?, match?, resolver?}; Invalid config.name: must be a DNS name; Invalid config.record_type: must be one of A, AAAA, CNAME, MX, TXT, NS, CAA, SOA; Invalid config.expected_values: must be an array of at most 20 non-empty strings of at most 512 characters; Invalid config.match: must be one of any, all, none; Invalid config.resolver: must be an IP address with an optional port (1.1.1.1, 1.1.1.1:53, [2606:4700::1111]:53), or null; Invalid config: a heartbeat monitor needs an object such as {"period": 3600, "grace": 300} or {"cron": "0 3 * * *", "timezone": "Europe/Berlin"}; Invalid config.period: must be an integer from 60 to 2592000 (seconds), or null; Invalid config.cron: must be a five-field cron expression (minute hour day-of-month month day-of-week) of at most 200 characters, or null; Invalid config.timezone: must be an IANA time zone name such as Europe/Berlin, or null (UTC); Invalid config.grace: must be an integer from 60 to 2592000 (seconds); Invalid config.min_duration: must be an integer from 0 to 604800 (seconds), or null; Invalid config.max_duration: must be an integer from 1 to 604800 (seconds), or null; Invalid config: give period or cron, not both (set the other to null to switch); Invalid config: min_duration must be less than max_duration; Invalid config: a websocket monitor needs an object {url, message?, expected_reply?, match?, verify_tls?}; Invalid config.url: must be a ws:// or wss:// URL of at most 2048 characters, without user name, password or fragment; Invalid config.message: must be a string of 1 to 4096 characters, or null; Invalid config.expected_reply: must be a string of 1 to 1000 characters, or null; Invalid config.match: must be one of contains, matches; Invalid config.expected_reply: with match "matches", must be a regular expression of at most 500 characters that RE2 runs (no backreferences, no lookaround); Invalid config.verify_tls: must be a boolean */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available; Interval not allowed ({allowed_intervals, upgrade_url}); Monitor limit reached ({limit, current, remaining, tier, upgrade_url}); `Insufficient scope`: the key does not hold `monitors:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description URL already monitored (http); TCP target already monitored (tcp: host, port, tls); DNS record already monitored (dns: name, record type, resolver); `monitor_id` names the monitor that has it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitorConflict"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1UptimeMonitorsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The monitor */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        monitor: {
                            id: number;
                            name: string;
                            /**
                             * @description What the monitor checks; fixed at create
                             * @enum {string}
                             */
                            type: "http" | "tcp" | "dns" | "heartbeat" | "websocket";
                            /**
                             * @description http monitors: http:// or https:// URL (required). Other types (read only): the display form of the target, e.g. tcp://host:port, tls://host:port, dns:name?type=A, or `heartbeat`
                             * @example https://example.com/health
                             */
                            url: string;
                            /** @description The configuration of a tcp, dns, heartbeat or websocket monitor (http monitors are configured by their own fields and refuse it). On update the fields given replace the current ones. */
                            config?: {
                                /** @description Host name or IP address */
                                host: string;
                                port: number;
                                /**
                                 * @description Complete a TLS handshake after connecting
                                 * @default false
                                 */
                                tls: boolean;
                                /**
                                 * @description With tls: verify the certificate chain and name
                                 * @default true
                                 */
                                verify_tls: boolean;
                                /** @description With tls: SNI and the name the certificate must cover; null = host */
                                servername?: string | null;
                            } | {
                                /** @description DNS name to resolve */
                                name: string;
                                /** @enum {string} */
                                record_type: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS" | "CAA" | "SOA";
                                /**
                                 * @description Empty: any non-empty answer passes
                                 * @default []
                                 */
                                expected_values: string[];
                                /**
                                 * @description any / all of expected_values present, or none of them
                                 * @default any
                                 * @enum {string}
                                 */
                                match: "any" | "all" | "none";
                                /** @description ip or ip:port ([v6]:port) of the resolver to ask; null = the service's resolvers */
                                resolver?: string | null;
                            } | {
                                /** @description ws:// or wss:// URL to open (no credentials: the URL is stored as given) */
                                url: string;
                                /** @description Text sent once the connection is open */
                                message?: string | null;
                                /** @description A text reply must contain it (match contains) or match it (match matches, RE2 syntax); null: the handshake alone decides */
                                expected_reply?: string | null;
                                /**
                                 * @default contains
                                 * @enum {string}
                                 */
                                match: "contains" | "matches";
                                /**
                                 * @description wss: verify the certificate chain and name
                                 * @default true
                                 */
                                verify_tls: boolean;
                            } | {
                                /** @description Seconds between pings (default 86400 when cron is not given) */
                                period?: number | null;
                                /** @description Five-field cron expression of when the job runs, instead of period */
                                cron?: string | null;
                                /** @description IANA time zone of cron (default UTC) */
                                timezone?: string | null;
                                /**
                                 * @description Seconds a ping may be late before a failure is recorded; a success ping more than grace before it is due fails as too often
                                 * @default 3600
                                 */
                                grace: number;
                                /** @description A run (start ping to success ping) shorter than this many seconds fails as too fast */
                                min_duration?: number | null;
                                /** @description A run longer than this many seconds (or a start with no success or failure within it) fails as too slow */
                                max_duration?: number | null;
                            };
                            /**
                             * @description http monitors only
                             * @enum {string}
                             */
                            method?: "GET" | "POST" | "HEAD";
                            /** @description http monitors only */
                            expected_status_codes?: number[];
                            /** @description http monitors only */
                            expected_content?: string | null;
                            /**
                             * @description http monitors only
                             * @example {
                             *       "Accept": "application/json",
                             *       "X-Probe": "vigil"
                             *     }
                             */
                            headers?: {
                                [key: string]: string;
                            };
                            /** @description http monitors only */
                            body?: string | null;
                            /** @description http monitors only */
                            follow_redirects?: boolean;
                            /** @description http monitors only */
                            verify_ssl?: boolean;
                            /**
                             * @description http monitors only. Conditions judged after expected_status_codes and expected_content, each failed one named in the check's error (e.g. `Assertion failed: json $.status equals "ok" (got "degraded")`). Regular expressions and JSONPath queries of one check run under one time bound of 50 ms together. null or [] = none
                             * @default []
                             * @example [
                             *       {
                             *         "source": "status_code",
                             *         "operator": "less_than",
                             *         "value": 400
                             *       },
                             *       {
                             *         "source": "json_path",
                             *         "path": "$.status",
                             *         "operator": "equals",
                             *         "value": "ok"
                             *       },
                             *       {
                             *         "source": "header",
                             *         "name": "content-type",
                             *         "operator": "contains",
                             *         "value": "json"
                             *       },
                             *       {
                             *         "source": "certificate_expiry",
                             *         "operator": "greater_than",
                             *         "value": 14
                             *       }
                             *     ]
                             */
                            assertions: ({
                                /** @constant */
                                source: "status_code";
                                /** @enum {string} */
                                operator: "equals" | "not_equals" | "less_than" | "greater_than";
                                value?: number;
                            } | {
                                /** @constant */
                                source: "response_time";
                                /** @enum {string} */
                                operator: "less_than" | "greater_than";
                                value?: number;
                            } | {
                                /** @constant */
                                source: "header";
                                /** @description Header name */
                                name: string;
                                /** @enum {string} */
                                operator: "exists" | "not_exists" | "equals" | "not_equals" | "contains" | "not_contains" | "matches";
                                /** @description The compared text; with matches a JavaScript regular expression (at most 500 characters), compiled on create/update */
                                value?: string;
                                /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                                flags?: string;
                            } | {
                                /** @constant */
                                source: "json_path";
                                /**
                                 * @example $.status
                                 * @example $.checks[?@.status != "ok"]
                                 */
                                path: string;
                                /** @enum {string} */
                                operator: "exists" | "not_exists" | "equals" | "not_equals" | "contains" | "not_contains" | "matches" | "less_than" | "greater_than";
                                value?: string | number | boolean | null;
                                /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                                flags?: string;
                            } | {
                                /** @constant */
                                source: "body";
                                /** @enum {string} */
                                operator: "contains" | "not_contains" | "matches";
                                value?: string;
                                /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                                flags?: string;
                            } | {
                                /** @constant */
                                source: "certificate_expiry";
                                /** @enum {string} */
                                operator: "less_than" | "greater_than";
                                value?: number;
                            })[] | null;
                            /** @description Seconds */
                            check_interval: number;
                            timeout: number;
                            alert_threshold: number;
                            degraded_threshold_ms: number;
                            /** @description Objective in percent; SLA reports show its error budget */
                            slo_target: number | null;
                            /** @description Consecutive successful checks that resolve an open incident */
                            recovery_threshold: number;
                            /** @description Repeat the down alert every N minutes while the incident is open and unacknowledged; null = never */
                            reminder_interval_minutes: number | null;
                            /** @description Steps in increasing after_minutes: that long after an incident opened, still open and unacknowledged, the down alert goes to these integrations */
                            escalation: {
                                after_minutes: number;
                                integration_ids: number[];
                            }[];
                            is_active: boolean;
                            /** @description Regions whose checkers check the monitor */
                            regions: string[];
                            /** @description How many regions must fail in the same round for the round to fail (effective number) */
                            min_failing_regions: number;
                            /** @enum {string} */
                            status: "pending" | "up" | "down" | "degraded" | "paused";
                            /** @description A maintenance window covers the monitor now (or covered it when the check ran) */
                            in_maintenance: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            /** Format: date-time */
                            paused_at: string | null;
                            /** Format: date-time */
                            resumed_at: string | null;
                            last_check: {
                                /** Format: date-time */
                                timestamp: string;
                                /** @enum {string|null} */
                                status: "success" | "failure" | null;
                                response_time_ms: number | null;
                                status_code: number | null;
                            } | null;
                            statistics: {
                                uptime_24h: number | null;
                                uptime_7d: number | null;
                                uptime_30d: number | null;
                                avg_response_time_24h_ms: number | null;
                                avg_response_time_7d_ms: number | null;
                                total_checks_24h: number;
                                successful_checks_24h: number;
                                failed_checks_24h: number;
                                /** @description http monitors: average of each phase over the checks of the last 24 h where it happened; null without such checks */
                                avg_timings_24h_ms: {
                                    dns: number | null;
                                    connect: number | null;
                                    tls: number | null;
                                    first_byte: number | null;
                                    download: number | null;
                                } | null;
                                /** @description Monitors placed outside the lone default region: each region's last 24 h from its own checks, in the monitor's region order */
                                regions?: {
                                    region: string;
                                    uptime_24h: number | null;
                                    avg_response_time_24h_ms: number | null;
                                    total_checks_24h: number;
                                }[];
                            };
                            recent_incidents: {
                                id: number;
                                /** Format: date-time */
                                started_at: string;
                                /** Format: date-time */
                                resolved_at: string | null;
                                duration_seconds: number | null;
                                cause: string;
                            }[];
                            /**
                             * Format: uri
                             * @description heartbeat monitors: the secret URL the job calls (GET, HEAD or POST; /start, /fail, /{exit code} appended)
                             */
                            ping_url?: string;
                            /** @description heartbeat monitors: where the schedule stands */
                            heartbeat?: {
                                /** Format: date-time */
                                last_ping_at: string | null;
                                /** Format: date-time */
                                last_start_at: string | null;
                                /** Format: date-time */
                                last_success_at: string | null;
                                /** Format: date-time */
                                last_failure_at: string | null;
                                /** Format: date-time */
                                next_due_at: string | null;
                                /** Format: date-time */
                                deadline_at: string | null;
                            };
                        };
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan below Pro); `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found (missing or another account's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiV1UptimeMonitorsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "check_interval": 60,
                 *       "alert_threshold": 3,
                 *       "is_active": true
                 *     }
                 */
                "application/json": {
                    name?: string;
                    /**
                     * @description What the monitor checks; fixed at create
                     * @default http
                     * @enum {string}
                     */
                    type?: "http" | "tcp" | "dns" | "heartbeat" | "websocket";
                    /** @description The configuration of a tcp, dns, heartbeat or websocket monitor (http monitors are configured by their own fields and refuse it). On update the fields given replace the current ones. */
                    config?: {
                        /** @description Host name or IP address */
                        host: string;
                        port: number;
                        /**
                         * @description Complete a TLS handshake after connecting
                         * @default false
                         */
                        tls?: boolean;
                        /**
                         * @description With tls: verify the certificate chain and name
                         * @default true
                         */
                        verify_tls?: boolean;
                        /** @description With tls: SNI and the name the certificate must cover; null = host */
                        servername?: string | null;
                    } | {
                        /** @description DNS name to resolve */
                        name: string;
                        /** @enum {string} */
                        record_type: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS" | "CAA" | "SOA";
                        /**
                         * @description Empty: any non-empty answer passes
                         * @default []
                         */
                        expected_values?: string[];
                        /**
                         * @description any / all of expected_values present, or none of them
                         * @default any
                         * @enum {string}
                         */
                        match?: "any" | "all" | "none";
                        /** @description ip or ip:port ([v6]:port) of the resolver to ask; null = the service's resolvers */
                        resolver?: string | null;
                    } | {
                        /** @description ws:// or wss:// URL to open (no credentials: the URL is stored as given) */
                        url: string;
                        /** @description Text sent once the connection is open */
                        message?: string | null;
                        /** @description A text reply must contain it (match contains) or match it (match matches, RE2 syntax); null: the handshake alone decides */
                        expected_reply?: string | null;
                        /**
                         * @default contains
                         * @enum {string}
                         */
                        match?: "contains" | "matches";
                        /**
                         * @description wss: verify the certificate chain and name
                         * @default true
                         */
                        verify_tls?: boolean;
                    } | {
                        /** @description Seconds between pings (default 86400 when cron is not given) */
                        period?: number | null;
                        /** @description Five-field cron expression of when the job runs, instead of period */
                        cron?: string | null;
                        /** @description IANA time zone of cron (default UTC) */
                        timezone?: string | null;
                        /**
                         * @description Seconds a ping may be late before a failure is recorded; a success ping more than grace before it is due fails as too often
                         * @default 3600
                         */
                        grace?: number;
                        /** @description A run (start ping to success ping) shorter than this many seconds fails as too fast */
                        min_duration?: number | null;
                        /** @description A run longer than this many seconds (or a start with no success or failure within it) fails as too slow */
                        max_duration?: number | null;
                    };
                    /**
                     * @description http monitors: http:// or https:// URL (required). Other types (read only): the display form of the target, e.g. tcp://host:port, tls://host:port, dns:name?type=A, or `heartbeat`
                     * @example https://example.com/health
                     */
                    url?: string;
                    /**
                     * @description http monitors only; any case (answers give it upper-case)
                     * @default GET
                     * @enum {string}
                     */
                    method?: "GET" | "POST" | "HEAD";
                    /**
                     * @description Seconds; the plan decides which are allowed
                     * @default 300
                     * @enum {number}
                     */
                    check_interval?: 60 | 300 | 600 | 1800 | 3600;
                    /**
                     * @description Seconds
                     * @default 30
                     */
                    timeout?: number;
                    /**
                     * @description http monitors only
                     * @default [
                     *       200,
                     *       201,
                     *       204
                     *     ]
                     */
                    expected_status_codes?: number[];
                    /** @description http monitors only: text the body must contain */
                    expected_content?: string | null;
                    /** @description http monitors only: request headers */
                    headers?: {
                        [key: string]: string;
                    };
                    /** @description http monitors only: request body */
                    body?: string | null;
                    /**
                     * @description Consecutive failed checks (rounds) that open an incident
                     * @default 2
                     */
                    alert_threshold?: number;
                    /**
                     * @description A slower answer marks the monitor degraded
                     * @default 5000
                     */
                    degraded_threshold_ms?: number;
                    /**
                     * @description http monitors only
                     * @default true
                     */
                    follow_redirects?: boolean;
                    /**
                     * @description http monitors only
                     * @default true
                     */
                    verify_ssl?: boolean;
                    /**
                     * @description Objective in percent (at most 3 decimals); SLA reports show its error budget
                     * @example 99.9
                     */
                    slo_target?: number | null;
                    /**
                     * @description Consecutive successful checks that resolve an open incident
                     * @default 1
                     */
                    recovery_threshold?: number;
                    /**
                     * @description Repeat the down alert every N minutes while the incident is open and unacknowledged; null = never
                     * @default null
                     */
                    reminder_interval_minutes?: number | null;
                    /**
                     * @description Steps in increasing after_minutes: that long after an incident opened, still open and unacknowledged, the down alert goes to these integrations (the account's own; whatever their event and monitor filters). null or [] = none
                     * @default []
                     */
                    escalation?: {
                        after_minutes: number;
                        integration_ids: number[];
                    }[] | null;
                    /**
                     * @description http monitors only. Conditions judged after expected_status_codes and expected_content, each failed one named in the check's error (e.g. `Assertion failed: json $.status equals "ok" (got "degraded")`). Regular expressions and JSONPath queries of one check run under one time bound of 50 ms together. null or [] = none
                     * @default []
                     * @example [
                     *       {
                     *         "source": "status_code",
                     *         "operator": "less_than",
                     *         "value": 400
                     *       },
                     *       {
                     *         "source": "json_path",
                     *         "path": "$.status",
                     *         "operator": "equals",
                     *         "value": "ok"
                     *       },
                     *       {
                     *         "source": "header",
                     *         "name": "content-type",
                     *         "operator": "contains",
                     *         "value": "json"
                     *       },
                     *       {
                     *         "source": "certificate_expiry",
                     *         "operator": "greater_than",
                     *         "value": 14
                     *       }
                     *     ]
                     */
                    assertions?: ({
                        /** @constant */
                        source: "status_code";
                        /** @enum {string} */
                        operator: "equals" | "not_equals" | "less_than" | "greater_than";
                        value?: number;
                    } | {
                        /** @constant */
                        source: "response_time";
                        /** @enum {string} */
                        operator: "less_than" | "greater_than";
                        value?: number;
                    } | {
                        /** @constant */
                        source: "header";
                        /** @description Header name */
                        name: string;
                        /** @enum {string} */
                        operator: "exists" | "not_exists" | "equals" | "not_equals" | "contains" | "not_contains" | "matches";
                        /** @description The compared text; with matches a JavaScript regular expression (at most 500 characters), compiled on create/update */
                        value?: string;
                        /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                        flags?: string;
                    } | {
                        /** @constant */
                        source: "json_path";
                        /**
                         * @example $.status
                         * @example $.checks[?@.status != "ok"]
                         */
                        path: string;
                        /** @enum {string} */
                        operator: "exists" | "not_exists" | "equals" | "not_equals" | "contains" | "not_contains" | "matches" | "less_than" | "greater_than";
                        value?: string | number | boolean | null;
                        /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                        flags?: string;
                    } | {
                        /** @constant */
                        source: "body";
                        /** @enum {string} */
                        operator: "contains" | "not_contains" | "matches";
                        value?: string;
                        /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                        flags?: string;
                    } | {
                        /** @constant */
                        source: "certificate_expiry";
                        /** @enum {string} */
                        operator: "less_than" | "greater_than";
                        value?: number;
                    })[] | null;
                    is_active?: boolean;
                    /** @description Regions whose checkers check the monitor, each due run one round in all of them (GET /api/v1/regions lists the known ones). Default: the deployment's default regions (VIGIL_DEFAULT_REGIONS, usually ["default"]). The plan caps how many. Present in answers for monitors placed outside the lone default region */
                    regions?: string[];
                    /** @description How many regions must fail in the same round for the round to fail (alert_threshold counts failed rounds); at most the number of regions. null or absent: a majority. Answers give the effective number */
                    min_failing_regions?: number | null;
                };
            };
        };
        responses: {
            /** @description Updated: id, name, the fields given and updated_at */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        monitor: {
                            id: number;
                            name: string;
                            /**
                             * @description What the monitor checks; fixed at create
                             * @enum {string}
                             */
                            type?: "http" | "tcp" | "dns" | "heartbeat" | "websocket";
                            /**
                             * @description http monitors: http:// or https:// URL (required). Other types (read only): the display form of the target, e.g. tcp://host:port, tls://host:port, dns:name?type=A, or `heartbeat`
                             * @example https://example.com/health
                             */
                            url?: string;
                            /** @description The configuration of a tcp, dns, heartbeat or websocket monitor (http monitors are configured by their own fields and refuse it). On update the fields given replace the current ones. */
                            config?: {
                                /** @description Host name or IP address */
                                host: string;
                                port: number;
                                /**
                                 * @description Complete a TLS handshake after connecting
                                 * @default false
                                 */
                                tls: boolean;
                                /**
                                 * @description With tls: verify the certificate chain and name
                                 * @default true
                                 */
                                verify_tls: boolean;
                                /** @description With tls: SNI and the name the certificate must cover; null = host */
                                servername?: string | null;
                            } | {
                                /** @description DNS name to resolve */
                                name: string;
                                /** @enum {string} */
                                record_type: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS" | "CAA" | "SOA";
                                /**
                                 * @description Empty: any non-empty answer passes
                                 * @default []
                                 */
                                expected_values: string[];
                                /**
                                 * @description any / all of expected_values present, or none of them
                                 * @default any
                                 * @enum {string}
                                 */
                                match: "any" | "all" | "none";
                                /** @description ip or ip:port ([v6]:port) of the resolver to ask; null = the service's resolvers */
                                resolver?: string | null;
                            } | {
                                /** @description ws:// or wss:// URL to open (no credentials: the URL is stored as given) */
                                url: string;
                                /** @description Text sent once the connection is open */
                                message?: string | null;
                                /** @description A text reply must contain it (match contains) or match it (match matches, RE2 syntax); null: the handshake alone decides */
                                expected_reply?: string | null;
                                /**
                                 * @default contains
                                 * @enum {string}
                                 */
                                match: "contains" | "matches";
                                /**
                                 * @description wss: verify the certificate chain and name
                                 * @default true
                                 */
                                verify_tls: boolean;
                            } | {
                                /** @description Seconds between pings (default 86400 when cron is not given) */
                                period?: number | null;
                                /** @description Five-field cron expression of when the job runs, instead of period */
                                cron?: string | null;
                                /** @description IANA time zone of cron (default UTC) */
                                timezone?: string | null;
                                /**
                                 * @description Seconds a ping may be late before a failure is recorded; a success ping more than grace before it is due fails as too often
                                 * @default 3600
                                 */
                                grace: number;
                                /** @description A run (start ping to success ping) shorter than this many seconds fails as too fast */
                                min_duration?: number | null;
                                /** @description A run longer than this many seconds (or a start with no success or failure within it) fails as too slow */
                                max_duration?: number | null;
                            };
                            /**
                             * @description http monitors only
                             * @enum {string}
                             */
                            method?: "GET" | "POST" | "HEAD";
                            /** @description http monitors only */
                            expected_status_codes?: number[];
                            /** @description http monitors only */
                            expected_content?: string | null;
                            /**
                             * @description http monitors only
                             * @example {
                             *       "Accept": "application/json",
                             *       "X-Probe": "vigil"
                             *     }
                             */
                            headers?: {
                                [key: string]: string;
                            };
                            /** @description http monitors only */
                            body?: string | null;
                            /** @description http monitors only */
                            follow_redirects?: boolean;
                            /** @description http monitors only */
                            verify_ssl?: boolean;
                            /**
                             * @description http monitors only. Conditions judged after expected_status_codes and expected_content, each failed one named in the check's error (e.g. `Assertion failed: json $.status equals "ok" (got "degraded")`). Regular expressions and JSONPath queries of one check run under one time bound of 50 ms together. null or [] = none
                             * @default []
                             * @example [
                             *       {
                             *         "source": "status_code",
                             *         "operator": "less_than",
                             *         "value": 400
                             *       },
                             *       {
                             *         "source": "json_path",
                             *         "path": "$.status",
                             *         "operator": "equals",
                             *         "value": "ok"
                             *       },
                             *       {
                             *         "source": "header",
                             *         "name": "content-type",
                             *         "operator": "contains",
                             *         "value": "json"
                             *       },
                             *       {
                             *         "source": "certificate_expiry",
                             *         "operator": "greater_than",
                             *         "value": 14
                             *       }
                             *     ]
                             */
                            assertions: ({
                                /** @constant */
                                source: "status_code";
                                /** @enum {string} */
                                operator: "equals" | "not_equals" | "less_than" | "greater_than";
                                value?: number;
                            } | {
                                /** @constant */
                                source: "response_time";
                                /** @enum {string} */
                                operator: "less_than" | "greater_than";
                                value?: number;
                            } | {
                                /** @constant */
                                source: "header";
                                /** @description Header name */
                                name: string;
                                /** @enum {string} */
                                operator: "exists" | "not_exists" | "equals" | "not_equals" | "contains" | "not_contains" | "matches";
                                /** @description The compared text; with matches a JavaScript regular expression (at most 500 characters), compiled on create/update */
                                value?: string;
                                /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                                flags?: string;
                            } | {
                                /** @constant */
                                source: "json_path";
                                /**
                                 * @example $.status
                                 * @example $.checks[?@.status != "ok"]
                                 */
                                path: string;
                                /** @enum {string} */
                                operator: "exists" | "not_exists" | "equals" | "not_equals" | "contains" | "not_contains" | "matches" | "less_than" | "greater_than";
                                value?: string | number | boolean | null;
                                /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                                flags?: string;
                            } | {
                                /** @constant */
                                source: "body";
                                /** @enum {string} */
                                operator: "contains" | "not_contains" | "matches";
                                value?: string;
                                /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                                flags?: string;
                            } | {
                                /** @constant */
                                source: "certificate_expiry";
                                /** @enum {string} */
                                operator: "less_than" | "greater_than";
                                value?: number;
                            })[] | null;
                            /** @description Seconds */
                            check_interval?: number;
                            timeout?: number;
                            alert_threshold?: number;
                            degraded_threshold_ms?: number;
                            /** @description Objective in percent; SLA reports show its error budget */
                            slo_target?: number | null;
                            /** @description Consecutive successful checks that resolve an open incident */
                            recovery_threshold?: number;
                            /** @description Repeat the down alert every N minutes while the incident is open and unacknowledged; null = never */
                            reminder_interval_minutes?: number | null;
                            /** @description Steps in increasing after_minutes: that long after an incident opened, still open and unacknowledged, the down alert goes to these integrations */
                            escalation?: {
                                after_minutes: number;
                                integration_ids: number[];
                            }[];
                            is_active?: boolean;
                            /** @description Regions whose checkers check the monitor */
                            regions?: string[];
                            /** @description How many regions must fail in the same round for the round to fail (effective number) */
                            min_failing_regions?: number;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        /** @example Monitor updated */
                        message: string;
                    };
                };
            };
            /** @description One of: Invalid request body: must be a JSON object; Invalid request body: give at least one field to update; Invalid name: must be a string of 1 to 200 characters; Invalid type: must be one of http, tcp, dns, heartbeat, websocket; Invalid type: the type of a monitor cannot be changed; Invalid config: http monitors are configured by their own fields (url, method, headers, ...); Invalid URL; Invalid method: must be one of GET, POST, HEAD; Invalid interval; Invalid timeout: must be an integer from 1 to 60 (seconds); Invalid expected_status_codes: must be a non-empty array of up to 50 integers from 100 to 599; Invalid expected_content: must be a string of at most 10000 characters, or null; Invalid headers: must be an object of at most 50 header names (HTTP tokens) to string values of printable ASCII or Latin-1 characters (no line breaks); Invalid body: must be a string of at most 65536 characters, or null; Invalid alert_threshold: must be an integer from 1 to 10; Invalid degraded_threshold_ms: must be an integer from 1 to 60000 (milliseconds); Invalid follow_redirects: must be a boolean; Invalid verify_ssl: must be a boolean; Invalid is_active: must be a boolean; Invalid recovery_threshold: must be an integer from 1 to 10; Invalid reminder_interval_minutes: must be an integer from 5 to 1440 (minutes), or null; Invalid escalation: must be an array of at most 5 steps {after_minutes, integration_ids}, after_minutes integers from 1 to 10080 in increasing order, integration_ids 1 to 10 distinct integration ids; Invalid regions: must be a non-empty array of distinct region names (lower-case letters, digits and -, starting with a letter); Invalid min_failing_regions: must be a positive integer, or null (a majority); Invalid slo_target: must be a number above 0 and below 100 with at most 3 decimals (e.g. 99.9), or null; Invalid {field}: not a field of {type} monitors (configure them in config); Invalid config: a tcp monitor needs an object {host, port, tls?, verify_tls?, servername?}; Invalid config.host: must be a host name or an IP address; Invalid config.port: must be an integer from 1 to 65535; Invalid config.tls: must be a boolean; Invalid config.verify_tls: must be a boolean; Invalid config.servername: must be a host name, or null; Invalid config: a dns monitor needs an object {name, record_type, expected_values?, match?, resolver?}; Invalid config.name: must be a DNS name; Invalid config.record_type: must be one of A, AAAA, CNAME, MX, TXT, NS, CAA, SOA; Invalid config.expected_values: must be an array of at most 20 non-empty strings of at most 512 characters; Invalid config.match: must be one of any, all, none; Invalid config.resolver: must be an IP address with an optional port (1.1.1.1, 1.1.1.1:53, [2606:4700::1111]:53), or null; Invalid config: a heartbeat monitor needs an object such as {"period": 3600, "grace": 300} or {"cron": "0 3 * * *", "timezone": "Europe/Berlin"}; Invalid config.period: must be an integer from 60 to 2592000 (seconds), or null; Invalid config.cron: must be a five-field cron expression (minute hour day-of-month month day-of-week) of at most 200 characters, or null; Invalid config.timezone: must be an IANA time zone name such as Europe/Berlin, or null (UTC); Invalid config.grace: must be an integer from 60 to 2592000 (seconds); Invalid config.min_duration: must be an integer from 0 to 604800 (seconds), or null; Invalid config.max_duration: must be an integer from 1 to 604800 (seconds), or null; Invalid config: give period or cron, not both (set the other to null to switch); Invalid config: min_duration must be less than max_duration; Invalid config: a websocket monitor needs an object {url, message?, expected_reply?, match?, verify_tls?}; Invalid config.url: must be a ws:// or wss:// URL of at most 2048 characters, without user name, password or fragment; Invalid config.message: must be a string of 1 to 4096 characters, or null; Invalid config.expected_reply: must be a string of 1 to 1000 characters, or null; Invalid config.match: must be one of contains, matches; Invalid config.expected_reply: with match "matches", must be a regular expression of at most 500 characters that RE2 runs (no backreferences, no lookaround); Invalid config.verify_tls: must be a boolean */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available; Interval not allowed ({allowed_intervals, upgrade_url}); `Insufficient scope`: the key does not hold `monitors:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found (missing or another account's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description URL already monitored (or the type's message), with the `monitor_id` that has it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitorConflict"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1UptimeMonitorsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example Monitor deleted */
                        message: string;
                        deleted_monitor_id: number;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan below Pro); `Insufficient scope`: the key does not hold `monitors:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found (missing or another account's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiV1UptimeMonitorsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "check_interval": 60,
                 *       "alert_threshold": 3,
                 *       "is_active": true
                 *     }
                 */
                "application/json": {
                    name?: string;
                    /**
                     * @description What the monitor checks; fixed at create
                     * @default http
                     * @enum {string}
                     */
                    type?: "http" | "tcp" | "dns" | "heartbeat" | "websocket";
                    /** @description The configuration of a tcp, dns, heartbeat or websocket monitor (http monitors are configured by their own fields and refuse it). On update the fields given replace the current ones. */
                    config?: {
                        /** @description Host name or IP address */
                        host: string;
                        port: number;
                        /**
                         * @description Complete a TLS handshake after connecting
                         * @default false
                         */
                        tls?: boolean;
                        /**
                         * @description With tls: verify the certificate chain and name
                         * @default true
                         */
                        verify_tls?: boolean;
                        /** @description With tls: SNI and the name the certificate must cover; null = host */
                        servername?: string | null;
                    } | {
                        /** @description DNS name to resolve */
                        name: string;
                        /** @enum {string} */
                        record_type: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS" | "CAA" | "SOA";
                        /**
                         * @description Empty: any non-empty answer passes
                         * @default []
                         */
                        expected_values?: string[];
                        /**
                         * @description any / all of expected_values present, or none of them
                         * @default any
                         * @enum {string}
                         */
                        match?: "any" | "all" | "none";
                        /** @description ip or ip:port ([v6]:port) of the resolver to ask; null = the service's resolvers */
                        resolver?: string | null;
                    } | {
                        /** @description ws:// or wss:// URL to open (no credentials: the URL is stored as given) */
                        url: string;
                        /** @description Text sent once the connection is open */
                        message?: string | null;
                        /** @description A text reply must contain it (match contains) or match it (match matches, RE2 syntax); null: the handshake alone decides */
                        expected_reply?: string | null;
                        /**
                         * @default contains
                         * @enum {string}
                         */
                        match?: "contains" | "matches";
                        /**
                         * @description wss: verify the certificate chain and name
                         * @default true
                         */
                        verify_tls?: boolean;
                    } | {
                        /** @description Seconds between pings (default 86400 when cron is not given) */
                        period?: number | null;
                        /** @description Five-field cron expression of when the job runs, instead of period */
                        cron?: string | null;
                        /** @description IANA time zone of cron (default UTC) */
                        timezone?: string | null;
                        /**
                         * @description Seconds a ping may be late before a failure is recorded; a success ping more than grace before it is due fails as too often
                         * @default 3600
                         */
                        grace?: number;
                        /** @description A run (start ping to success ping) shorter than this many seconds fails as too fast */
                        min_duration?: number | null;
                        /** @description A run longer than this many seconds (or a start with no success or failure within it) fails as too slow */
                        max_duration?: number | null;
                    };
                    /**
                     * @description http monitors: http:// or https:// URL (required). Other types (read only): the display form of the target, e.g. tcp://host:port, tls://host:port, dns:name?type=A, or `heartbeat`
                     * @example https://example.com/health
                     */
                    url?: string;
                    /**
                     * @description http monitors only; any case (answers give it upper-case)
                     * @default GET
                     * @enum {string}
                     */
                    method?: "GET" | "POST" | "HEAD";
                    /**
                     * @description Seconds; the plan decides which are allowed
                     * @default 300
                     * @enum {number}
                     */
                    check_interval?: 60 | 300 | 600 | 1800 | 3600;
                    /**
                     * @description Seconds
                     * @default 30
                     */
                    timeout?: number;
                    /**
                     * @description http monitors only
                     * @default [
                     *       200,
                     *       201,
                     *       204
                     *     ]
                     */
                    expected_status_codes?: number[];
                    /** @description http monitors only: text the body must contain */
                    expected_content?: string | null;
                    /** @description http monitors only: request headers */
                    headers?: {
                        [key: string]: string;
                    };
                    /** @description http monitors only: request body */
                    body?: string | null;
                    /**
                     * @description Consecutive failed checks (rounds) that open an incident
                     * @default 2
                     */
                    alert_threshold?: number;
                    /**
                     * @description A slower answer marks the monitor degraded
                     * @default 5000
                     */
                    degraded_threshold_ms?: number;
                    /**
                     * @description http monitors only
                     * @default true
                     */
                    follow_redirects?: boolean;
                    /**
                     * @description http monitors only
                     * @default true
                     */
                    verify_ssl?: boolean;
                    /**
                     * @description Objective in percent (at most 3 decimals); SLA reports show its error budget
                     * @example 99.9
                     */
                    slo_target?: number | null;
                    /**
                     * @description Consecutive successful checks that resolve an open incident
                     * @default 1
                     */
                    recovery_threshold?: number;
                    /**
                     * @description Repeat the down alert every N minutes while the incident is open and unacknowledged; null = never
                     * @default null
                     */
                    reminder_interval_minutes?: number | null;
                    /**
                     * @description Steps in increasing after_minutes: that long after an incident opened, still open and unacknowledged, the down alert goes to these integrations (the account's own; whatever their event and monitor filters). null or [] = none
                     * @default []
                     */
                    escalation?: {
                        after_minutes: number;
                        integration_ids: number[];
                    }[] | null;
                    /**
                     * @description http monitors only. Conditions judged after expected_status_codes and expected_content, each failed one named in the check's error (e.g. `Assertion failed: json $.status equals "ok" (got "degraded")`). Regular expressions and JSONPath queries of one check run under one time bound of 50 ms together. null or [] = none
                     * @default []
                     * @example [
                     *       {
                     *         "source": "status_code",
                     *         "operator": "less_than",
                     *         "value": 400
                     *       },
                     *       {
                     *         "source": "json_path",
                     *         "path": "$.status",
                     *         "operator": "equals",
                     *         "value": "ok"
                     *       },
                     *       {
                     *         "source": "header",
                     *         "name": "content-type",
                     *         "operator": "contains",
                     *         "value": "json"
                     *       },
                     *       {
                     *         "source": "certificate_expiry",
                     *         "operator": "greater_than",
                     *         "value": 14
                     *       }
                     *     ]
                     */
                    assertions?: ({
                        /** @constant */
                        source: "status_code";
                        /** @enum {string} */
                        operator: "equals" | "not_equals" | "less_than" | "greater_than";
                        value?: number;
                    } | {
                        /** @constant */
                        source: "response_time";
                        /** @enum {string} */
                        operator: "less_than" | "greater_than";
                        value?: number;
                    } | {
                        /** @constant */
                        source: "header";
                        /** @description Header name */
                        name: string;
                        /** @enum {string} */
                        operator: "exists" | "not_exists" | "equals" | "not_equals" | "contains" | "not_contains" | "matches";
                        /** @description The compared text; with matches a JavaScript regular expression (at most 500 characters), compiled on create/update */
                        value?: string;
                        /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                        flags?: string;
                    } | {
                        /** @constant */
                        source: "json_path";
                        /**
                         * @example $.status
                         * @example $.checks[?@.status != "ok"]
                         */
                        path: string;
                        /** @enum {string} */
                        operator: "exists" | "not_exists" | "equals" | "not_equals" | "contains" | "not_contains" | "matches" | "less_than" | "greater_than";
                        value?: string | number | boolean | null;
                        /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                        flags?: string;
                    } | {
                        /** @constant */
                        source: "body";
                        /** @enum {string} */
                        operator: "contains" | "not_contains" | "matches";
                        value?: string;
                        /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                        flags?: string;
                    } | {
                        /** @constant */
                        source: "certificate_expiry";
                        /** @enum {string} */
                        operator: "less_than" | "greater_than";
                        value?: number;
                    })[] | null;
                    is_active?: boolean;
                    /** @description Regions whose checkers check the monitor, each due run one round in all of them (GET /api/v1/regions lists the known ones). Default: the deployment's default regions (VIGIL_DEFAULT_REGIONS, usually ["default"]). The plan caps how many. Present in answers for monitors placed outside the lone default region */
                    regions?: string[];
                    /** @description How many regions must fail in the same round for the round to fail (alert_threshold counts failed rounds); at most the number of regions. null or absent: a majority. Answers give the effective number */
                    min_failing_regions?: number | null;
                };
            };
        };
        responses: {
            /** @description Updated: id, name, the fields given and updated_at */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        monitor: {
                            id: number;
                            name: string;
                            /**
                             * @description What the monitor checks; fixed at create
                             * @enum {string}
                             */
                            type?: "http" | "tcp" | "dns" | "heartbeat" | "websocket";
                            /**
                             * @description http monitors: http:// or https:// URL (required). Other types (read only): the display form of the target, e.g. tcp://host:port, tls://host:port, dns:name?type=A, or `heartbeat`
                             * @example https://example.com/health
                             */
                            url?: string;
                            /** @description The configuration of a tcp, dns, heartbeat or websocket monitor (http monitors are configured by their own fields and refuse it). On update the fields given replace the current ones. */
                            config?: {
                                /** @description Host name or IP address */
                                host: string;
                                port: number;
                                /**
                                 * @description Complete a TLS handshake after connecting
                                 * @default false
                                 */
                                tls: boolean;
                                /**
                                 * @description With tls: verify the certificate chain and name
                                 * @default true
                                 */
                                verify_tls: boolean;
                                /** @description With tls: SNI and the name the certificate must cover; null = host */
                                servername?: string | null;
                            } | {
                                /** @description DNS name to resolve */
                                name: string;
                                /** @enum {string} */
                                record_type: "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS" | "CAA" | "SOA";
                                /**
                                 * @description Empty: any non-empty answer passes
                                 * @default []
                                 */
                                expected_values: string[];
                                /**
                                 * @description any / all of expected_values present, or none of them
                                 * @default any
                                 * @enum {string}
                                 */
                                match: "any" | "all" | "none";
                                /** @description ip or ip:port ([v6]:port) of the resolver to ask; null = the service's resolvers */
                                resolver?: string | null;
                            } | {
                                /** @description ws:// or wss:// URL to open (no credentials: the URL is stored as given) */
                                url: string;
                                /** @description Text sent once the connection is open */
                                message?: string | null;
                                /** @description A text reply must contain it (match contains) or match it (match matches, RE2 syntax); null: the handshake alone decides */
                                expected_reply?: string | null;
                                /**
                                 * @default contains
                                 * @enum {string}
                                 */
                                match: "contains" | "matches";
                                /**
                                 * @description wss: verify the certificate chain and name
                                 * @default true
                                 */
                                verify_tls: boolean;
                            } | {
                                /** @description Seconds between pings (default 86400 when cron is not given) */
                                period?: number | null;
                                /** @description Five-field cron expression of when the job runs, instead of period */
                                cron?: string | null;
                                /** @description IANA time zone of cron (default UTC) */
                                timezone?: string | null;
                                /**
                                 * @description Seconds a ping may be late before a failure is recorded; a success ping more than grace before it is due fails as too often
                                 * @default 3600
                                 */
                                grace: number;
                                /** @description A run (start ping to success ping) shorter than this many seconds fails as too fast */
                                min_duration?: number | null;
                                /** @description A run longer than this many seconds (or a start with no success or failure within it) fails as too slow */
                                max_duration?: number | null;
                            };
                            /**
                             * @description http monitors only
                             * @enum {string}
                             */
                            method?: "GET" | "POST" | "HEAD";
                            /** @description http monitors only */
                            expected_status_codes?: number[];
                            /** @description http monitors only */
                            expected_content?: string | null;
                            /**
                             * @description http monitors only
                             * @example {
                             *       "Accept": "application/json",
                             *       "X-Probe": "vigil"
                             *     }
                             */
                            headers?: {
                                [key: string]: string;
                            };
                            /** @description http monitors only */
                            body?: string | null;
                            /** @description http monitors only */
                            follow_redirects?: boolean;
                            /** @description http monitors only */
                            verify_ssl?: boolean;
                            /**
                             * @description http monitors only. Conditions judged after expected_status_codes and expected_content, each failed one named in the check's error (e.g. `Assertion failed: json $.status equals "ok" (got "degraded")`). Regular expressions and JSONPath queries of one check run under one time bound of 50 ms together. null or [] = none
                             * @default []
                             * @example [
                             *       {
                             *         "source": "status_code",
                             *         "operator": "less_than",
                             *         "value": 400
                             *       },
                             *       {
                             *         "source": "json_path",
                             *         "path": "$.status",
                             *         "operator": "equals",
                             *         "value": "ok"
                             *       },
                             *       {
                             *         "source": "header",
                             *         "name": "content-type",
                             *         "operator": "contains",
                             *         "value": "json"
                             *       },
                             *       {
                             *         "source": "certificate_expiry",
                             *         "operator": "greater_than",
                             *         "value": 14
                             *       }
                             *     ]
                             */
                            assertions: ({
                                /** @constant */
                                source: "status_code";
                                /** @enum {string} */
                                operator: "equals" | "not_equals" | "less_than" | "greater_than";
                                value?: number;
                            } | {
                                /** @constant */
                                source: "response_time";
                                /** @enum {string} */
                                operator: "less_than" | "greater_than";
                                value?: number;
                            } | {
                                /** @constant */
                                source: "header";
                                /** @description Header name */
                                name: string;
                                /** @enum {string} */
                                operator: "exists" | "not_exists" | "equals" | "not_equals" | "contains" | "not_contains" | "matches";
                                /** @description The compared text; with matches a JavaScript regular expression (at most 500 characters), compiled on create/update */
                                value?: string;
                                /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                                flags?: string;
                            } | {
                                /** @constant */
                                source: "json_path";
                                /**
                                 * @example $.status
                                 * @example $.checks[?@.status != "ok"]
                                 */
                                path: string;
                                /** @enum {string} */
                                operator: "exists" | "not_exists" | "equals" | "not_equals" | "contains" | "not_contains" | "matches" | "less_than" | "greater_than";
                                value?: string | number | boolean | null;
                                /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                                flags?: string;
                            } | {
                                /** @constant */
                                source: "body";
                                /** @enum {string} */
                                operator: "contains" | "not_contains" | "matches";
                                value?: string;
                                /** @description Only with matches: i (case-insensitive), m, s, u; each at most once */
                                flags?: string;
                            } | {
                                /** @constant */
                                source: "certificate_expiry";
                                /** @enum {string} */
                                operator: "less_than" | "greater_than";
                                value?: number;
                            })[] | null;
                            /** @description Seconds */
                            check_interval?: number;
                            timeout?: number;
                            alert_threshold?: number;
                            degraded_threshold_ms?: number;
                            /** @description Objective in percent; SLA reports show its error budget */
                            slo_target?: number | null;
                            /** @description Consecutive successful checks that resolve an open incident */
                            recovery_threshold?: number;
                            /** @description Repeat the down alert every N minutes while the incident is open and unacknowledged; null = never */
                            reminder_interval_minutes?: number | null;
                            /** @description Steps in increasing after_minutes: that long after an incident opened, still open and unacknowledged, the down alert goes to these integrations */
                            escalation?: {
                                after_minutes: number;
                                integration_ids: number[];
                            }[];
                            is_active?: boolean;
                            /** @description Regions whose checkers check the monitor */
                            regions?: string[];
                            /** @description How many regions must fail in the same round for the round to fail (effective number) */
                            min_failing_regions?: number;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        /** @example Monitor updated */
                        message: string;
                    };
                };
            };
            /** @description One of: Invalid request body: must be a JSON object; Invalid request body: give at least one field to update; Invalid name: must be a string of 1 to 200 characters; Invalid type: must be one of http, tcp, dns, heartbeat, websocket; Invalid type: the type of a monitor cannot be changed; Invalid config: http monitors are configured by their own fields (url, method, headers, ...); Invalid URL; Invalid method: must be one of GET, POST, HEAD; Invalid interval; Invalid timeout: must be an integer from 1 to 60 (seconds); Invalid expected_status_codes: must be a non-empty array of up to 50 integers from 100 to 599; Invalid expected_content: must be a string of at most 10000 characters, or null; Invalid headers: must be an object of at most 50 header names (HTTP tokens) to string values of printable ASCII or Latin-1 characters (no line breaks); Invalid body: must be a string of at most 65536 characters, or null; Invalid alert_threshold: must be an integer from 1 to 10; Invalid degraded_threshold_ms: must be an integer from 1 to 60000 (milliseconds); Invalid follow_redirects: must be a boolean; Invalid verify_ssl: must be a boolean; Invalid is_active: must be a boolean; Invalid recovery_threshold: must be an integer from 1 to 10; Invalid reminder_interval_minutes: must be an integer from 5 to 1440 (minutes), or null; Invalid escalation: must be an array of at most 5 steps {after_minutes, integration_ids}, after_minutes integers from 1 to 10080 in increasing order, integration_ids 1 to 10 distinct integration ids; Invalid regions: must be a non-empty array of distinct region names (lower-case letters, digits and -, starting with a letter); Invalid min_failing_regions: must be a positive integer, or null (a majority); Invalid slo_target: must be a number above 0 and below 100 with at most 3 decimals (e.g. 99.9), or null; Invalid {field}: not a field of {type} monitors (configure them in config); Invalid config: a tcp monitor needs an object {host, port, tls?, verify_tls?, servername?}; Invalid config.host: must be a host name or an IP address; Invalid config.port: must be an integer from 1 to 65535; Invalid config.tls: must be a boolean; Invalid config.verify_tls: must be a boolean; Invalid config.servername: must be a host name, or null; Invalid config: a dns monitor needs an object {name, record_type, expected_values?, match?, resolver?}; Invalid config.name: must be a DNS name; Invalid config.record_type: must be one of A, AAAA, CNAME, MX, TXT, NS, CAA, SOA; Invalid config.expected_values: must be an array of at most 20 non-empty strings of at most 512 characters; Invalid config.match: must be one of any, all, none; Invalid config.resolver: must be an IP address with an optional port (1.1.1.1, 1.1.1.1:53, [2606:4700::1111]:53), or null; Invalid config: a heartbeat monitor needs an object such as {"period": 3600, "grace": 300} or {"cron": "0 3 * * *", "timezone": "Europe/Berlin"}; Invalid config.period: must be an integer from 60 to 2592000 (seconds), or null; Invalid config.cron: must be a five-field cron expression (minute hour day-of-month month day-of-week) of at most 200 characters, or null; Invalid config.timezone: must be an IANA time zone name such as Europe/Berlin, or null (UTC); Invalid config.grace: must be an integer from 60 to 2592000 (seconds); Invalid config.min_duration: must be an integer from 0 to 604800 (seconds), or null; Invalid config.max_duration: must be an integer from 1 to 604800 (seconds), or null; Invalid config: give period or cron, not both (set the other to null to switch); Invalid config: min_duration must be less than max_duration; Invalid config: a websocket monitor needs an object {url, message?, expected_reply?, match?, verify_tls?}; Invalid config.url: must be a ws:// or wss:// URL of at most 2048 characters, without user name, password or fragment; Invalid config.message: must be a string of 1 to 4096 characters, or null; Invalid config.expected_reply: must be a string of 1 to 1000 characters, or null; Invalid config.match: must be one of contains, matches; Invalid config.expected_reply: with match "matches", must be a regular expression of at most 500 characters that RE2 runs (no backreferences, no lookaround); Invalid config.verify_tls: must be a boolean */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available; Interval not allowed ({allowed_intervals, upgrade_url}); `Insufficient scope`: the key does not hold `monitors:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found (missing or another account's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description URL already monitored (or the type's message), with the `monitor_id` that has it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonitorConflict"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1UptimeMonitorsIdPause: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Paused */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        monitor: {
                            id: number;
                            /** @enum {string} */
                            status: "pending" | "up" | "down" | "degraded" | "paused";
                            /** Format: date-time */
                            paused_at: string | null;
                        };
                        /** @example Monitor paused */
                        message: string;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan below Pro); `Insufficient scope`: the key does not hold `monitors:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found (missing or another account's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1UptimeMonitorsIdResume: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Resumed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        monitor: {
                            id: number;
                            /** @enum {string} */
                            status: "pending" | "up" | "down" | "degraded" | "paused";
                            /** Format: date-time */
                            resumed_at: string | null;
                        };
                        /** @example Monitor resumed */
                        message: string;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan below Pro); `Insufficient scope`: the key does not hold `monitors:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found (missing or another account's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Monitor is not paused */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1UptimeMonitorsIdChecks: {
        parameters: {
            query?: {
                /** @description ISO 8601 date or date-time; checks at or after it */
                from_date?: string;
                /** @description ISO 8601 date (the whole UTC day) or date-time; checks at or before it */
                to_date?: string;
                status?: "success" | "failure";
                /** @description Only the checks of this region */
                region?: string;
                /** @description Default 1 */
                page?: number;
                /** @description Default 100; above 1000 is clamped to 1000 */
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of checks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        monitor_id: number;
                        checks: components["schemas"]["Check"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Invalid from_date, to_date, date range, status, page or per_page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan below Pro); `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found (missing or another account's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1UptimeMonitorsIdIncidents: {
        parameters: {
            query?: {
                status?: "open" | "resolved";
                /** @description ISO 8601 date or date-time; incidents started at or after it */
                from_date?: string;
                /** @description ISO 8601 date (the whole UTC day) or date-time; incidents started at or before it */
                to_date?: string;
                /** @description Default 1 */
                page?: number;
                /** @description Default 20; above 100 is clamped to 100 */
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of incidents; the summary covers the last 30 days whatever the filters */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        monitor_id: number;
                        incidents: components["schemas"]["Incident"][];
                        summary: {
                            total_incidents_30d: number;
                            total_downtime_30d_seconds: number;
                            mttr_seconds: number | null;
                        };
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Invalid status, from_date, to_date, date range, page or per_page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan below Pro); `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found (missing or another account's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1UptimeMonitorsIdIncidentsIncidentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                incident_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The incident */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        incident: components["schemas"]["Incident"];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan below Pro); `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found, or Incident not found (missing, another monitor's or another account's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1UptimeMonitorsIdIncidentsIncidentIdAcknowledge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                incident_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Acknowledged; acknowledging again answers the first acknowledgement unchanged */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        incident: components["schemas"]["Incident"];
                        /**
                         * @example Incident acknowledged
                         * @example Incident already acknowledged
                         */
                        message: string;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan below Pro); `Insufficient scope`: the key does not hold `monitors:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found, or Incident not found (missing, another monitor's or another account's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Incident is already resolved (and was never acknowledged) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1UptimeMonitorsIdCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The check record. A monitor with several regions is checked in one round across its regions with a live checker (judged by quorum like a scheduled round): `check` is the check of the default region if the monitor has it, else of its first region (else of the first that answered), and `checks` every region's check that answered in time */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        check: {
                            /** Format: date-time */
                            timestamp: string;
                            /** @enum {string} */
                            status: "success" | "failure";
                            response_time_ms: number | null;
                            status_code: number | null;
                            /** @description Present on failures */
                            error?: string;
                            /** @description http checks that got a response: milliseconds of each phase (null: the phase did not happen, e.g. tls on http://); null for other types */
                            timings: {
                                dns: number | null;
                                connect: number | null;
                                tls: number | null;
                                first_byte: number | null;
                                download: number | null;
                            } | null;
                            /**
                             * Format: date-time
                             * @description Expiry of the certificate an https or tcp+TLS check saw
                             */
                            certificate_expires_at: string | null;
                            /** @description Type-specific facts of the check (each type's own shape, named by kind); null when the type has none */
                            details: {
                                /** @constant */
                                kind: "dns";
                                server: string;
                                answers: string[];
                                truncated: boolean;
                            } | {
                                /** @constant */
                                kind: "websocket";
                                reply: string | null;
                                truncated: boolean;
                                messages: number;
                            } | null;
                            /** @description The region whose checker made it */
                            region: string;
                        };
                        /** @description Monitors with several regions only: the check of each region that answered within the timeout + 5 s, in the monitor's order of regions */
                        checks?: {
                            /** Format: date-time */
                            timestamp: string;
                            /** @enum {string} */
                            status: "success" | "failure";
                            response_time_ms: number | null;
                            status_code: number | null;
                            /** @description Present on failures */
                            error?: string;
                            /** @description http checks that got a response: milliseconds of each phase (null: the phase did not happen, e.g. tls on http://); null for other types */
                            timings: {
                                dns: number | null;
                                connect: number | null;
                                tls: number | null;
                                first_byte: number | null;
                                download: number | null;
                            } | null;
                            /**
                             * Format: date-time
                             * @description Expiry of the certificate an https or tcp+TLS check saw
                             */
                            certificate_expires_at: string | null;
                            /** @description Type-specific facts of the check (each type's own shape, named by kind); null when the type has none */
                            details: {
                                /** @constant */
                                kind: "dns";
                                server: string;
                                answers: string[];
                                truncated: boolean;
                            } | {
                                /** @constant */
                                kind: "websocket";
                                reply: string | null;
                                truncated: boolean;
                                messages: number;
                            } | null;
                            /** @description The region whose checker made it */
                            region: string;
                        }[];
                    };
                };
            };
            /** @description No result within the monitor's timeout + 5 s */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        job_id: string;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan below Pro); `Insufficient scope`: the key does not hold `monitors:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found (missing or another account's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Monitor is not active (is_active false); Heartbeat monitors are checked by their pings, not probed; Manual checks run in public regions: this monitor is checked at private locations only */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Regions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every region a monitor may name: configured (VIGIL_REGIONS, VIGIL_DEFAULT_REGIONS) or ever reported from. A region without live checkers is skipped in rounds (named in a warning), never counted as failing */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        regions: {
                            /** @description Region name (VIGIL_REGION of its checkers) */
                            name: string;
                            /** @description Checkers whose heartbeat has not expired (they report every 5 s; one report counts for 15 s) */
                            live_checkers: number;
                            /**
                             * Format: date-time
                             * @description The newest heartbeat ever received from the region (its checker's clock); null: never
                             */
                            last_heartbeat: string | null;
                            /** @description One of the regions a new monitor gets when it names none (VIGIL_DEFAULT_REGIONS) */
                            default: boolean;
                        }[];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Locations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Public regions first (by name), then private locations (oldest first) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        locations: components["schemas"]["Location"][];
                        total: number;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Locations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "office-berlin",
                 *       "allowed_cidrs": [
                 *         "10.20.0.0/16"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Lower-case letters, digits and `-`, starting with a letter; what monitors name in `regions` */
                    name: string;
                    /** @description Non-public networks the location's agents may reach; public addresses are always reachable, any other private address is refused. Default: none */
                    allowed_cidrs?: string[];
                    /** @description How long without a polling agent counts as offline (default 300): then `location.offline` is sent, once, and `location.online` when an agent polls again */
                    offline_after_seconds?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        location: components["schemas"]["Location"];
                        /** @description The agent key (VIGIL_AGENT_KEY of `vigil agent`), shown only this once */
                        agent_key: string;
                        /** @example Location created. Store the agent key now: it is not shown again. */
                        message: string;
                    };
                };
            };
            /** @description Invalid name, allowed_cidrs or offline_after_seconds */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Location limit reached (20 per account); `Insufficient scope`: the key does not hold `monitors:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Location name already exists; Location name is taken by a public region */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1LocationsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The location */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        location: components["schemas"]["LocationDetail"];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Location not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1LocationsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example Location deleted */
                        message: string;
                        deleted_location_id: number;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `monitors:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Location not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Location is used by monitors`, with `monitor_ids` (up to 100): take the location out of their `regions` first */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example Location is used by monitors */
                        error: string;
                        /** @description Monitors that name the location (up to 100) */
                        monitor_ids: number[];
                    };
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1LocationsIdRotateKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "overlap_seconds": 600
                 *     }
                 */
                "application/json": {
                    /** @description How long the previous key keeps working (default 3600); 0 stops it at once */
                    overlap_seconds?: number;
                };
            };
        };
        responses: {
            /** @description The new key, shown only this once */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        location: components["schemas"]["Location"];
                        /** @description The new agent key, shown only this once */
                        agent_key: string;
                        /** @example Agent key rotated. The previous key works until previous_key_expires_at. */
                        message: string;
                    };
                };
            };
            /** @description Invalid overlap_seconds */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `monitors:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Location not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1AgentLeases: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "agent_id": "office-1.4711",
                 *       "version": "0.1.0",
                 *       "max": 10,
                 *       "wait_seconds": 20
                 *     }
                 */
                "application/json": {
                    /** @description The agent process (chosen by it, e.g. host name and pid) */
                    agent_id: string;
                    version: string;
                    /** @description At most this many leases (default 10) */
                    max?: number;
                    /** @description Long poll: answer as soon as a run is due, at the latest after this long with no lease (default 20) */
                    wait_seconds?: number;
                };
            };
        };
        responses: {
            /** @description The leases (none when nothing fell due while waiting), and the location's guard policy */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        location: {
                            id: number;
                            name: string;
                            allowed_cidrs: string[];
                        };
                        leases: {
                            /** @description Post the result under this id (idempotent) */
                            lease_id: string;
                            monitor_id: number;
                            /** @description The run (`repeat:monitor-<id>:<due ms>`): every location of the monitor checks the same run */
                            run_key: string;
                            /** Format: date-time */
                            due_at: string;
                            /**
                             * Format: date-time
                             * @description Past this (API clock), the run is leased again, to this or another agent
                             */
                            expires_at: string;
                            /** @description The probe target (credentials included) sealed to the location: AES-256-GCM under a key derived from the agent key (docs/agents.md) */
                            sealed_target: string;
                        }[];
                    };
                };
            };
            /** @description Invalid JSON or invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Agent key required` or `Invalid agent key` (unknown, or a rotated key past its overlap) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1AgentResults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "results": [
                 *         {
                 *           "lease_id": "6f1c0c1de2d94b7a9a8f3b2c1d0e9f8a",
                 *           "location": "office-berlin",
                 *           "result": {
                 *             "timestamp": "2026-01-01T00:00:00.000Z",
                 *             "status": "success",
                 *             "response_time_ms": 42,
                 *             "status_code": 200
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    results: {
                        lease_id: string;
                        location?: string;
                        result: {
                            /** Format: date-time */
                            timestamp: string;
                            /** @enum {string} */
                            status: "success" | "failure";
                            response_time_ms: number | null;
                            status_code: number | null;
                            error?: string;
                            timings?: {
                                dns: number | null;
                                connect: number | null;
                                tls: number | null;
                                first_byte: number | null;
                                download: number | null;
                            };
                            /** Format: date-time */
                            certificate_expires_at?: string;
                            details?: {
                                /** @constant */
                                kind: "dns";
                                server: string;
                                answers: string[];
                                truncated: boolean;
                            };
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description What became of each result, in order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            lease_id: string;
                            /**
                             * @description `accepted`: queued for recording; `duplicate`: this lease's result was accepted before; `unknown_lease`: not a lease of this location (or older than a day); `rejected`: its time is outside the lease's window
                             * @enum {string}
                             */
                            status: "accepted" | "duplicate" | "unknown_lease" | "rejected";
                        }[];
                    };
                };
            };
            /** @description Invalid JSON or invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Agent key required` or `Invalid agent key` (unknown, or a rotated key past its overlap) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Result location does not match the agent key's location: nothing of the request is recorded */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPingToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ping accepted (judged and recorded as a check by the checker moments later) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Unknown ping token (never issued, or rotated away) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description More than 120 pings of this token in a minute (`Too many pings for this token`), or the burst limit per client IP (`Rate limit exceeded`) */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPingToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ping accepted (judged and recorded as a check by the checker moments later) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Unknown ping token (never issued, or rotated away) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description More than 120 pings of this token in a minute (`Too many pings for this token`), or the burst limit per client IP (`Rate limit exceeded`) */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPingTokenAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
                action: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ping accepted (judged and recorded as a check by the checker moments later) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid ping: use /ping/{token}, /ping/{token}/start, /ping/{token}/fail or /ping/{token}/{exit code 0-255} */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown ping token (never issued, or rotated away) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description More than 120 pings of this token in a minute (`Too many pings for this token`), or the burst limit per client IP (`Rate limit exceeded`) */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPingTokenAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
                action: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ping accepted (judged and recorded as a check by the checker moments later) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                    };
                };
            };
            /** @description Invalid ping: use /ping/{token}, /ping/{token}/start, /ping/{token}/fail or /ping/{token}/{exit code 0-255} */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown ping token (never issued, or rotated away) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description More than 120 pings of this token in a minute (`Too many pings for this token`), or the burst limit per client IP (`Rate limit exceeded`) */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1UptimeMonitorsIdRotatePingToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new ping URL */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uri */
                        ping_url: string;
                        /** @example Ping token rotated */
                        message: string;
                    };
                };
            };
            /** @description Not a heartbeat monitor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan without uptime monitoring); `Insufficient scope`: the key does not hold `monitors:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postInboundTypeToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                type: string;
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Callback applied (or nothing to do) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description acknowledged: the Vigil incident is acknowledged now; already_acknowledged: it was before (kept); ignored: nothing to do (another event or alert)
                         * @enum {string}
                         */
                        result: "acknowledged" | "already_acknowledged" | "ignored";
                    };
                };
            };
            /** @description Not a callback of this tool (invalid JSON, no event) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid signature: missing or wrong X-PagerDuty-Signature, or X-Vigil-Webhook-Secret (Opsgenie); also when the integration has no webhook_secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown inbound URL: no active integration of that type behind the token */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body larger than 65536 bytes */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1MaintenanceWindows: {
        parameters: {
            query?: {
                /** @description Default 1 */
                page?: number;
                /** @description Default 20; above 100 is clamped to 100 */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The windows */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        maintenance_windows: components["schemas"]["MaintenanceWindow"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Invalid page or per_page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `maintenance:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1MaintenanceWindows: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Database upgrade",
                 *       "monitor_ids": [
                 *         42
                 *       ],
                 *       "starts_at": "2026-12-06T02:00:00+01:00",
                 *       "ends_at": "2026-12-06T04:00:00+01:00",
                 *       "timezone": "Europe/Berlin"
                 *     }
                 */
                "application/json": {
                    /** @description Required on create */
                    title?: string;
                    description?: string | null;
                    /**
                     * @description Every monitor and domain of the account, present and future
                     * @default false
                     */
                    applies_to_all?: boolean;
                    /** @description The account's own monitors */
                    monitor_ids?: number[];
                    /** @description The account's own domains */
                    domain_ids?: number[];
                    /** @description Recurring windows: the first start (its wall time in timezone is the rule's DTSTART) */
                    starts_at?: string;
                    /** @description One-off windows; at most 366 days after starts_at */
                    ends_at?: string | null;
                    /** @description DAILY, WEEKLY, MONTHLY or YEARLY; at most 24 starts a day; no DTSTART or TZID */
                    rrule?: string | null;
                    /** @description Recurring windows: how long each occurrence lasts */
                    duration_minutes?: number | null;
                    /** @default UTC */
                    timezone?: string;
                    /**
                     * @description Scheduled checks of covered monitors go on during the window (recorded in_maintenance, alerting nothing); false stops them
                     * @default true
                     */
                    keep_checking?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        maintenance_window: components["schemas"]["MaintenanceWindow"];
                        /** @example Maintenance window created */
                        message: string;
                    };
                };
            };
            /** @description Invalid field, window, rrule, timezone or scope (another account's ids included) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Maintenance window limit reached (100 per account); `Insufficient scope`: the key does not hold `maintenance:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1MaintenanceWindowsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The window */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        maintenance_window: components["schemas"]["MaintenanceWindow"];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `maintenance:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Maintenance window not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiV1MaintenanceWindowsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Database upgrade",
                 *       "monitor_ids": [
                 *         42
                 *       ],
                 *       "starts_at": "2026-12-06T02:00:00+01:00",
                 *       "ends_at": "2026-12-06T04:00:00+01:00",
                 *       "timezone": "Europe/Berlin"
                 *     }
                 */
                "application/json": {
                    /** @description Required on create */
                    title?: string;
                    description?: string | null;
                    /**
                     * @description Every monitor and domain of the account, present and future
                     * @default false
                     */
                    applies_to_all?: boolean;
                    /** @description The account's own monitors */
                    monitor_ids?: number[];
                    /** @description The account's own domains */
                    domain_ids?: number[];
                    /** @description Recurring windows: the first start (its wall time in timezone is the rule's DTSTART) */
                    starts_at?: string;
                    /** @description One-off windows; at most 366 days after starts_at */
                    ends_at?: string | null;
                    /** @description DAILY, WEEKLY, MONTHLY or YEARLY; at most 24 starts a day; no DTSTART or TZID */
                    rrule?: string | null;
                    /** @description Recurring windows: how long each occurrence lasts */
                    duration_minutes?: number | null;
                    /** @default UTC */
                    timezone?: string;
                    /**
                     * @description Scheduled checks of covered monitors go on during the window (recorded in_maintenance, alerting nothing); false stops them
                     * @default true
                     */
                    keep_checking?: boolean;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        maintenance_window: components["schemas"]["MaintenanceWindow"];
                        /** @example Maintenance window updated */
                        message: string;
                    };
                };
            };
            /** @description Invalid field or window */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `maintenance:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Maintenance window not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1MaintenanceWindowsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example Maintenance window deleted */
                        message: string;
                        deleted_maintenance_window_id: number;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `maintenance:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Maintenance window not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiV1MaintenanceWindowsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Database upgrade",
                 *       "monitor_ids": [
                 *         42
                 *       ],
                 *       "starts_at": "2026-12-06T02:00:00+01:00",
                 *       "ends_at": "2026-12-06T04:00:00+01:00",
                 *       "timezone": "Europe/Berlin"
                 *     }
                 */
                "application/json": {
                    /** @description Required on create */
                    title?: string;
                    description?: string | null;
                    /**
                     * @description Every monitor and domain of the account, present and future
                     * @default false
                     */
                    applies_to_all?: boolean;
                    /** @description The account's own monitors */
                    monitor_ids?: number[];
                    /** @description The account's own domains */
                    domain_ids?: number[];
                    /** @description Recurring windows: the first start (its wall time in timezone is the rule's DTSTART) */
                    starts_at?: string;
                    /** @description One-off windows; at most 366 days after starts_at */
                    ends_at?: string | null;
                    /** @description DAILY, WEEKLY, MONTHLY or YEARLY; at most 24 starts a day; no DTSTART or TZID */
                    rrule?: string | null;
                    /** @description Recurring windows: how long each occurrence lasts */
                    duration_minutes?: number | null;
                    /** @default UTC */
                    timezone?: string;
                    /**
                     * @description Scheduled checks of covered monitors go on during the window (recorded in_maintenance, alerting nothing); false stops them
                     * @default true
                     */
                    keep_checking?: boolean;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        maintenance_window: components["schemas"]["MaintenanceWindow"];
                        /** @example Maintenance window updated */
                        message: string;
                    };
                };
            };
            /** @description Invalid field or window */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `maintenance:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Maintenance window not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1UptimeMonitorsIdSla: {
        parameters: {
            query?: {
                /** @description YYYY-MM, as for the account report (not with from or to); without month, from and to: the current UTC month */
                month?: string;
                /** @description ISO 8601 date or date-time; default: the start of the current UTC month */
                from?: string;
                /** @description ISO 8601 date (its whole UTC day) or date-time, exclusive; default: now (the end of the current UTC month when from is not given either); at most 366 days after from */
                to?: string;
                /** @description csv also with Accept: text/csv */
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report (text/csv: a header row and one row) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/json": components["schemas"]["SlaReport"];
                };
            };
            /** @description Invalid month, from, to, date range or format */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan below Pro); `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1UptimeSla: {
        parameters: {
            query?: {
                /** @description YYYY-MM; default: the current UTC month */
                month?: string;
                /** @description csv also with Accept: text/csv */
                format?: "json" | "csv";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One report per monitor (text/csv: a header row and a row per monitor) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                    "application/json": {
                        /** @example 2026-11 */
                        month: string;
                        period: {
                            /** Format: date-time */
                            from: string;
                            /** Format: date-time */
                            to: string;
                        };
                        monitors: components["schemas"]["SlaReport"][];
                        summary: {
                            monitors: number;
                            incidents: number;
                            downtime_seconds: number;
                            average_uptime_percentage: number | null;
                        };
                    };
                };
            };
            /** @description Invalid month or format */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan below Pro); `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text format 0.0.4 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Domains: {
        parameters: {
            query?: {
                /** @description Default 1 */
                page?: number;
                /** @description Default 20; above 100 is clamped to 100 */
                per_page?: number;
                /** @description expiring: the certificate expires within alert_days_before_expiry */
                status?: "active" | "inactive" | "expiring";
                grade?: "A+" | "A" | "B" | "C" | "D" | "F";
                /** @description Substring of the hostname */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Domains and pagination {page, per_page, total, pages, has_next, has_prev} */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domains: components["schemas"]["Domain"][];
                        pagination: components["schemas"]["PaginationWithNav"];
                    };
                };
            };
            /** @description Invalid page, per_page, status, grade or search */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Domains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "hostname": "shop.example.com",
                 *       "port": 443,
                 *       "monitoring_frequency": "hourly",
                 *       "alert_days_before_expiry": 21
                 *     }
                 */
                "application/json": {
                    /** @description A domain name (internationalised names are stored in punycode) */
                    hostname: string;
                    /** @default 443 */
                    port?: number;
                    /**
                     * @default daily
                     * @enum {string}
                     */
                    monitoring_frequency?: "5min" | "15min" | "hourly" | "daily";
                    /**
                     * @deprecated
                     * @description Deprecated alias of monitoring_frequency (response carries Deprecation: true)
                     * @enum {string}
                     */
                    scan_frequency?: "5min" | "15min" | "hourly" | "daily";
                    /** @default true */
                    notifications_enabled?: boolean;
                    /** @default 30 */
                    alert_days_before_expiry?: number;
                };
            };
        };
        responses: {
            /** @description Created: {domain, message, scan_id} */
            201: {
                headers: {
                    Deprecation?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain: {
                            id: number;
                            hostname: string;
                            port: number;
                            /** @enum {string|null} */
                            ssl_grade: "A+" | "A" | "B" | "C" | "D" | "F" | null;
                            ssl_score: number | null;
                            is_active: boolean;
                            /** @enum {string} */
                            monitoring_frequency: "5min" | "15min" | "hourly" | "daily";
                            notifications_enabled: boolean;
                            alert_days_before_expiry: number;
                            /** Format: date-time */
                            created_at: string;
                        };
                        /** @example Domain added; initial scan queued */
                        message: string;
                        scan_id: number;
                    };
                };
            };
            /** @description Invalid hostname, Invalid port, invalid frequency / flags; monitoring_frequency and scan_frequency differ */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Domain not verified {hostname, verify_url}; Domain limit reached (tier-limit body); Frequency not allowed {allowed_frequencies, upgrade_url}; `Insufficient scope`: the key does not hold `domains:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Domain already exists (hostname:port in this account), naming them */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainExists"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Per-minute creation limit of the tier {error, message, retry_after, limit_type: per_minute} */
            429: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1DomainsBulkDelete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "domain_ids": [
                 *         12,
                 *         15
                 *       ]
                 *     }
                 */
                "application/json": {
                    domain_ids: number[];
                };
            };
        };
        responses: {
            /** @description What was deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example 2 domains deleted */
                        message: string;
                        deleted_count: number;
                        deleted_ids: number[];
                    };
                };
            };
            /** @description domain_ids missing, empty, over 100 or not integers */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1DomainsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The domain */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain: {
                            id: number;
                            hostname: string;
                            port: number;
                            /** @enum {string|null} */
                            ssl_grade: "A+" | "A" | "B" | "C" | "D" | "F" | null;
                            ssl_score: number | null;
                            /** Format: date-time */
                            certificate_expiry: string | null;
                            days_until_expiry: number | null;
                            /** Format: date-time */
                            last_scan: string | null;
                            is_active: boolean;
                            /** @enum {string} */
                            monitoring_frequency: "5min" | "15min" | "hourly" | "daily";
                            notifications_enabled: boolean;
                            alert_days_before_expiry: number;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                            last_scan_id: number | null;
                            /** @enum {string|null} */
                            last_scan_status: "completed" | "failed" | null;
                            /** @description Security-header grade of https://hostname:port/ at the last completed header check (A+ to F) */
                            header_grade: string | null;
                            header_score: number | null;
                            /**
                             * Format: date-time
                             * @description When the headers were last checked (completed or failed)
                             */
                            last_header_check: string | null;
                            certificate: {
                                issuer: string | null;
                                subject: string | null;
                                /** Format: date-time */
                                valid_from: string | null;
                                /** Format: date-time */
                                valid_to: string | null;
                                serial_number: string | null;
                                fingerprint_sha256: string;
                            } | null;
                        };
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Domain not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiV1DomainsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "monitoring_frequency": "daily",
                 *       "notifications_enabled": false
                 *     }
                 */
                "application/json": {
                    /** @default 443 */
                    port?: number;
                    /**
                     * @default daily
                     * @enum {string}
                     */
                    monitoring_frequency?: "5min" | "15min" | "hourly" | "daily";
                    /**
                     * @deprecated
                     * @description Deprecated alias of monitoring_frequency (response carries Deprecation: true)
                     * @enum {string}
                     */
                    scan_frequency?: "5min" | "15min" | "hourly" | "daily";
                    /** @default true */
                    notifications_enabled?: boolean;
                    /** @default 30 */
                    alert_days_before_expiry?: number;
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description Updated: the domain with the fields given */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain: {
                            id: number;
                            hostname: string;
                            port: number;
                            /** @enum {string} */
                            monitoring_frequency?: "5min" | "15min" | "hourly" | "daily";
                            is_active?: boolean;
                            notifications_enabled?: boolean;
                            alert_days_before_expiry?: number;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        /** @example Domain updated */
                        message: string;
                    };
                };
            };
            /** @description Invalid port, frequency, flags or alert days; no fields; monitoring_frequency and scan_frequency differ */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Frequency not allowed {allowed_frequencies, upgrade_url}; `Insufficient scope`: the key does not hold `domains:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Domain not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Domain already exists (the new port collides) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1DomainsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example Domain deleted */
                        message: string;
                        deleted_domain_id: number;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Domain not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiV1DomainsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "monitoring_frequency": "daily",
                 *       "notifications_enabled": false
                 *     }
                 */
                "application/json": {
                    /** @default 443 */
                    port?: number;
                    /**
                     * @default daily
                     * @enum {string}
                     */
                    monitoring_frequency?: "5min" | "15min" | "hourly" | "daily";
                    /**
                     * @deprecated
                     * @description Deprecated alias of monitoring_frequency (response carries Deprecation: true)
                     * @enum {string}
                     */
                    scan_frequency?: "5min" | "15min" | "hourly" | "daily";
                    /** @default true */
                    notifications_enabled?: boolean;
                    /** @default 30 */
                    alert_days_before_expiry?: number;
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description Updated: the domain with the fields given */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain: {
                            id: number;
                            hostname: string;
                            port: number;
                            /** @enum {string} */
                            monitoring_frequency?: "5min" | "15min" | "hourly" | "daily";
                            is_active?: boolean;
                            notifications_enabled?: boolean;
                            alert_days_before_expiry?: number;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        /** @example Domain updated */
                        message: string;
                    };
                };
            };
            /** @description Invalid port, frequency, flags or alert days; no fields; monitoring_frequency and scan_frequency differ */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Frequency not allowed {allowed_frequencies, upgrade_url}; `Insufficient scope`: the key does not hold `domains:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Domain not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Domain already exists (the new port collides) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1DomainsIdCertificate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The leaf with SANs, key, signature algorithm, trusted and hostname_match */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain_id: number;
                        hostname: string;
                        port: number;
                        /** @description The latest completed scan that saw a certificate */
                        scan_id: number;
                        /** Format: date-time */
                        scanned_at: string;
                        certificate: {
                            subject: string;
                            issuer: string;
                            /** Format: date-time */
                            valid_from: string;
                            /** Format: date-time */
                            valid_to: string;
                            serial_number: string;
                            fingerprint_sha256: string;
                            key_type: string | null;
                            key_size: number | null;
                            signature_algorithm: string | null;
                            self_signed: boolean | null;
                            sans: string[];
                            key_curve: string | null;
                            trusted: boolean | null;
                            trust_error: string | null;
                            hostname_match: boolean | null;
                            days_until_expiry: number;
                        };
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Domain not found; Certificate not found (no scan has seen one yet) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1DomainsIdCertificateChain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description {chain[...]} */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain_id: number;
                        hostname: string;
                        port: number;
                        /** @description The latest completed scan that saw a certificate */
                        scan_id: number;
                        /** Format: date-time */
                        scanned_at: string;
                        trusted: boolean | null;
                        /** @description Leaf first, as the server sent them */
                        chain: {
                            position: number;
                            /** @enum {string} */
                            role: "leaf" | "intermediate" | "root";
                            subject: string;
                            issuer: string;
                            /** Format: date-time */
                            valid_from: string;
                            /** Format: date-time */
                            valid_to: string;
                            serial_number: string;
                            fingerprint_sha256: string;
                            key_type: string | null;
                            key_size: number | null;
                            signature_algorithm: string | null;
                            self_signed: boolean | null;
                        }[];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Domain not found; Certificate chain not found (no scan has chain data yet) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1Verifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verifications */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        verifications: {
                            id: number;
                            hostname: string;
                            /** @enum {string} */
                            method: "dns_txt" | "manual";
                            /** @description _vigil-challenge.<hostname> */
                            record_name: string;
                            /** @description vigil-verification=<token> */
                            record_value: string;
                            /** @enum {string} */
                            status: "pending" | "verified";
                            /** Format: date-time */
                            verified_at: string | null;
                            /** Format: date-time */
                            last_checked_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Verifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "hostname": "shop.example.com"
                 *     }
                 */
                "application/json": {
                    /** @description A domain name (internationalised names are stored in punycode) */
                    hostname: string;
                };
            };
        };
        responses: {
            /** @description The account already has a verification of this hostname: it is returned as is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        verification: {
                            id: number;
                            hostname: string;
                            /** @enum {string} */
                            method: "dns_txt" | "manual";
                            /** @description _vigil-challenge.<hostname> */
                            record_name: string;
                            /** @description vigil-verification=<token> */
                            record_value: string;
                            /** @enum {string} */
                            status: "pending" | "verified";
                            /** Format: date-time */
                            verified_at: string | null;
                            /** Format: date-time */
                            last_checked_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description A new pending DNS TXT challenge */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        verification: {
                            id: number;
                            hostname: string;
                            /** @enum {string} */
                            method: "dns_txt" | "manual";
                            /** @description _vigil-challenge.<hostname> */
                            record_name: string;
                            /** @description vigil-verification=<token> */
                            record_value: string;
                            /** @enum {string} */
                            status: "pending" | "verified";
                            /** Format: date-time */
                            verified_at: string | null;
                            /** Format: date-time */
                            last_checked_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description Invalid hostname */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1VerificationsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verification */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        verification: {
                            id: number;
                            hostname: string;
                            /** @enum {string} */
                            method: "dns_txt" | "manual";
                            /** @description _vigil-challenge.<hostname> */
                            record_name: string;
                            /** @description vigil-verification=<token> */
                            record_value: string;
                            /** @enum {string} */
                            status: "pending" | "verified";
                            /** Format: date-time */
                            verified_at: string | null;
                            /** Format: date-time */
                            last_checked_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                        };
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Verification not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1VerificationsIdCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description {verification{..., status: verified|pending, verified_at}, message} */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        verification: {
                            id: number;
                            hostname: string;
                            /** @enum {string} */
                            method: "dns_txt" | "manual";
                            /** @description _vigil-challenge.<hostname> */
                            record_name: string;
                            /** @description vigil-verification=<token> */
                            record_value: string;
                            /** @enum {string} */
                            status: "pending" | "verified";
                            /** Format: date-time */
                            verified_at: string | null;
                            /** Format: date-time */
                            last_checked_at: string | null;
                            /** Format: date-time */
                            created_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Verification not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Scan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "hostname": "example.com",
                 *       "port": 443
                 *     }
                 */
                "application/json": {
                    /** @description A domain name; with VIGIL_ALLOW_PRIVATE_TARGETS also localhost and IP literals */
                    hostname: string;
                    /** @default 443 */
                    port?: number;
                };
            };
        };
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScanQueued"];
                };
            };
            /** @description Invalid hostname; Invalid port */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description On-demand limit (limit_type per_hour) or concurrent scans (limit_type concurrent) */
            429: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1Scans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "domain_id": 12
                 *     }
                 */
                "application/json": {
                    domain_id: number;
                };
            };
        };
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScanQueued"];
                };
            };
            /** @description Invalid domain_id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Domain not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description On-demand limit (limit_type per_hour) or concurrent scans (limit_type concurrent) */
            429: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ScansStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Scans of the last days: counts by status and grade, average duration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        period: {
                            /** Format: date-time */
                            from: string;
                            /** Format: date-time */
                            to: string;
                            days: number;
                        };
                        total: number;
                        /**
                         * @example {
                         *       "queued": 0,
                         *       "running": 0,
                         *       "completed": 3,
                         *       "failed": 1
                         *     }
                         */
                        by_status: {
                            [key: string]: number;
                        };
                        /**
                         * @example {
                         *       "A+": 1,
                         *       "A": 2,
                         *       "F": 0
                         *     }
                         */
                        by_grade: {
                            [key: string]: number;
                        };
                        average_duration_ms: number | null;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ScansId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scan */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        scan: components["schemas"]["Scan"];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Scan not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ScansIdFull: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A finished scan. Completed: the whole report (protocols, cipher suites, key exchange, certificate, chain, HSTS, OCSP stapling, ALPN, caps, warnings, category scores) with scan_id, status, domain_id and completed_at. Failed: scan_id, status, hostname, port, domain_id, error and `report: null`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FullScanCompleted"] | components["schemas"]["FullScanFailed"];
                };
            };
            /** @description Not finished yet */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        scan_id: number;
                        /** @enum {string} */
                        status: "queued" | "running";
                        /** Format: uri */
                        status_url: string;
                        /** @example Scan not finished yet */
                        message: string;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Scan not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description More than 5 per minute for this key (limit_type per_minute) */
            429: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1DomainsIdScans: {
        parameters: {
            query?: {
                /** @description Default 1 */
                page?: number;
                /** @description Default 20; above 50 is clamped to 50 */
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description {domain_id, scans[], pagination} */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain_id: number;
                        scans: components["schemas"]["Scan"][];
                        pagination: components["schemas"]["PaginationWithNav"];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Domain not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1DomainsIdHeaderChecks: {
        parameters: {
            query?: {
                /** @description Default 1 */
                page?: number;
                /** @description Default 20; above 50 is clamped to 50 */
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description {domain_id, header_checks[], pagination} */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domain_id: number;
                        header_checks: components["schemas"]["HeaderCheck"][];
                        pagination: components["schemas"]["PaginationWithNav"];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Domain not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1DomainsIdHeaderChecksCheckId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                check_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The check, with `report` (null for a failed check) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        header_check: {
                            id: number;
                            domain_id: number;
                            /** @description The scan it ran with */
                            scan_id: number;
                            /** @description https://hostname[:port]/ */
                            url: string;
                            /** @enum {string} */
                            status: "completed" | "failed";
                            /** @enum {string|null} */
                            grade: "A+" | "A" | "B" | "C" | "D" | "F" | null;
                            score: number | null;
                            /** @description MDN Observatory score (service.deeper_score) */
                            deeper_score: number | null;
                            /** @description Observatory algorithm the deeper score followed */
                            algorithm_version: number | null;
                            /** @description Why a failed check failed */
                            error: string | null;
                            /** Format: date-time */
                            checked_at: string;
                            report: {
                                /** @enum {string} */
                                grade: "A+" | "A" | "B" | "C" | "D" | "F";
                                score: number;
                                gradeCapped: boolean;
                                /** @description Present only when gradeCapped */
                                gradeCapReason?: string;
                                warnings: string[];
                                headersPresent: ("Content-Security-Policy" | "Strict-Transport-Security" | "X-Frame-Options" | "X-Content-Type-Options" | "Referrer-Policy" | "Permissions-Policy")[];
                                headersMissing: ("Content-Security-Policy" | "Strict-Transport-Security" | "X-Frame-Options" | "X-Content-Type-Options" | "Referrer-Policy" | "Permissions-Policy")[];
                                upcomingHeaders: {
                                    /** @enum {string} */
                                    header: "Cross-Origin-Opener-Policy" | "Cross-Origin-Embedder-Policy" | "Cross-Origin-Resource-Policy";
                                    present: boolean;
                                    value: string | null;
                                    description: string;
                                }[];
                                summary: {
                                    /** @enum {string} */
                                    grade: "A+" | "A" | "B" | "C" | "D" | "F";
                                    site: string;
                                    /** @description Each graded header's verdict */
                                    headers: {
                                        "Content-Security-Policy": {
                                            present: boolean;
                                            /** @description Well-formed and doing what the header is for (false when absent) */
                                            valid: boolean;
                                            points: number;
                                            max_points: number;
                                            /** @description As received (occurrences joined with ", "), null when absent */
                                            value: string | null;
                                            /** @description Why these points */
                                            note: string;
                                        };
                                        "Strict-Transport-Security": {
                                            present: boolean;
                                            /** @description Well-formed and doing what the header is for (false when absent) */
                                            valid: boolean;
                                            points: number;
                                            max_points: number;
                                            /** @description As received (occurrences joined with ", "), null when absent */
                                            value: string | null;
                                            /** @description Why these points */
                                            note: string;
                                        };
                                        "X-Frame-Options": {
                                            present: boolean;
                                            /** @description Well-formed and doing what the header is for (false when absent) */
                                            valid: boolean;
                                            points: number;
                                            max_points: number;
                                            /** @description As received (occurrences joined with ", "), null when absent */
                                            value: string | null;
                                            /** @description Why these points */
                                            note: string;
                                        };
                                        "X-Content-Type-Options": {
                                            present: boolean;
                                            /** @description Well-formed and doing what the header is for (false when absent) */
                                            valid: boolean;
                                            points: number;
                                            max_points: number;
                                            /** @description As received (occurrences joined with ", "), null when absent */
                                            value: string | null;
                                            /** @description Why these points */
                                            note: string;
                                        };
                                        "Referrer-Policy": {
                                            present: boolean;
                                            /** @description Well-formed and doing what the header is for (false when absent) */
                                            valid: boolean;
                                            points: number;
                                            max_points: number;
                                            /** @description As received (occurrences joined with ", "), null when absent */
                                            value: string | null;
                                            /** @description Why these points */
                                            note: string;
                                        };
                                        "Permissions-Policy": {
                                            present: boolean;
                                            /** @description Well-formed and doing what the header is for (false when absent) */
                                            valid: boolean;
                                            points: number;
                                            max_points: number;
                                            /** @description As received (occurrences joined with ", "), null when absent */
                                            value: string | null;
                                            /** @description Why these points */
                                            note: string;
                                        };
                                    };
                                };
                                /**
                                 * @description Lowercase name to value; repeated headers joined with ", ", set-cookie always an array
                                 * @example {
                                 *       "content-type": "text/html; charset=utf-8",
                                 *       "strict-transport-security": "max-age=63072000; includeSubDomains",
                                 *       "set-cookie": [
                                 *         "session=abc; Secure; HttpOnly"
                                 *       ]
                                 *     }
                                 */
                                rawHeaders: {
                                    [key: string]: string | string[];
                                };
                                service: {
                                    /** @description MDN HTTP Observatory-style score */
                                    deeper_score: number;
                                    /** @description The MDN HTTP Observatory scoring algorithm followed (6) */
                                    algorithm_version: number;
                                    /** @description One entry per Observatory test */
                                    advanced: {
                                        test: string;
                                        pass: boolean;
                                        result: string;
                                        modifier: number;
                                        description: string;
                                    }[];
                                    https_redirect: boolean;
                                    tests_passed: number;
                                    tests_failed: number;
                                    tests_quantity: number;
                                };
                                /**
                                 * Format: date-time
                                 * @description When the response was received; a cached report keeps it
                                 */
                                fetched_at: string;
                                /** @description The URL whose response was graded (after redirects) */
                                final_url: string;
                            } | null;
                        };
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Domain not found, or Header check not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1BillingUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Plan and use of the current period */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The current billing period: the calendar month (UTC), [start, end) */
                        period: {
                            /** @example 2026-01 */
                            month: string;
                            /** Format: date-time */
                            start: string;
                            /**
                             * Format: date-time
                             * @description Exclusive: the first instant of the next month
                             */
                            end: string;
                            days: number;
                        };
                        plan: {
                            /** @enum {string} */
                            tier: "free" | "pro" | "business" | "enterprise";
                            /** @description In cents of `currency` */
                            monthly_price: number;
                            /** @enum {string} */
                            currency: "usd";
                        };
                        limits: components["schemas"]["PlanLimits"];
                        /** @description Used this period (monitors and domains: how many exist now) */
                        usage: {
                            /** @description Counted API requests this period, this one included */
                            requests: number;
                            monitors: number;
                            domains: number;
                            /** @description Scans requested this period */
                            scans: number;
                            /** @description Alerts delivered this period */
                            alerts: number;
                            /** @description Uptime checks run this period */
                            checks: number;
                        };
                        /** Format: date-time */
                        as_of: string;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `billing:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1BillingInvoices: {
        parameters: {
            query?: {
                /** @description Default 1 */
                page?: number;
                /** @description Default 20; above 100 is clamped to 100 */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of invoices */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invoices: components["schemas"]["Invoice"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Invalid page or per_page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `billing:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1BillingEstimate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invoice the current period would get if nothing changes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description null for an estimate */
                        id: number | null;
                        /** @description The billing period: a calendar month (UTC), YYYY-MM */
                        period: string;
                        /**
                         * Format: date-time
                         * @description First instant of the month (inclusive)
                         */
                        period_start: string;
                        /**
                         * Format: date-time
                         * @description First instant of the next month (exclusive)
                         */
                        period_end: string;
                        /**
                         * @description `issued` for invoices, `draft` for an estimate
                         * @enum {string}
                         */
                        status: "issued" | "draft";
                        /** @enum {string} */
                        currency: "usd";
                        /** @description Sum of the line amounts, in cents of `currency` */
                        subtotal: number;
                        /** @description Amount due (no taxes or discounts: equals subtotal), in cents of `currency` */
                        total: number;
                        /**
                         * Format: date-time
                         * @description null for an estimate
                         */
                        issued_at: string | null;
                        /** @description One line per run of days on one tier, in order */
                        line_items: {
                            /** @example Pro plan, 2026-01-10 to 2026-01-19 (10 of 31 days) */
                            description: string;
                            /** @enum {string} */
                            tier: "free" | "pro" | "business" | "enterprise";
                            /**
                             * Format: date-time
                             * @description First day billed, 00:00 UTC (inclusive)
                             */
                            from: string;
                            /**
                             * Format: date-time
                             * @description 00:00 UTC after the last day billed (exclusive)
                             */
                            to: string;
                            /** @description Days billed at this tier */
                            days: number;
                            /** @description Days in the billing period (28 to 31) */
                            period_days: number;
                            /** @description The tier's monthly price, in cents of `currency` */
                            unit_price: number;
                            /** @description unit_price × days / period_days, rounded half up to a whole cent, in cents of `currency` */
                            amount: number;
                        }[];
                        /** @constant */
                        estimated: true;
                        /**
                         * Format: date-time
                         * @description The moment of the estimate
                         */
                        as_of: string;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `billing:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1StatusPages: {
        parameters: {
            query?: {
                /** @description Default 1 */
                page?: number;
                /** @description Default 20; above 100 is clamped to 100 */
                per_page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status_pages: components["schemas"]["StatusPage"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Invalid page or per_page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `status_pages:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1StatusPages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "acme-status",
                 *       "title": "Acme status",
                 *       "description": "Live status of the Acme shop and API",
                 *       "sections": [
                 *         {
                 *           "title": "Shop",
                 *           "monitor_ids": [
                 *             42,
                 *             43
                 *           ],
                 *           "domain_ids": [
                 *             12
                 *           ]
                 *         }
                 *       ],
                 *       "theme": "auto"
                 *     }
                 */
                "application/json": {
                    /** @description Unique over the service; the page is /status/{slug} */
                    slug: string;
                    title: string;
                    description?: string | null;
                    sections?: {
                        title: string;
                        /** @default [] */
                        monitor_ids?: number[];
                        /** @default [] */
                        domain_ids?: number[];
                    }[];
                    /**
                     * @description auto follows the reader's system setting
                     * @default auto
                     * @enum {string}
                     */
                    theme?: "light" | "dark" | "auto";
                    /**
                     * @description A page that is not public answers 404
                     * @default true
                     */
                    is_public?: boolean;
                    /** @default true */
                    show_uptime_bars?: boolean;
                    /** @description A hostname the account has verified (or a subdomain of one). Point it (CNAME) at the service: a request whose Host is this name is served the page at /, its JSON at /index.json and its feed at /feed.atom. */
                    custom_hostname?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status_page: components["schemas"]["StatusPage"];
                        /** @example Status page created */
                        message: string;
                    };
                };
            };
            /** @description Invalid field, or a section names a monitor or domain the account does not have */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Status page limit reached (tier-limit body); Domain not verified (custom_hostname); `Insufficient scope`: the key does not hold `status_pages:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Slug already taken; Custom hostname already in use */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1StatusPagesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status_page: components["schemas"]["StatusPage"];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `status_pages:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Status page not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiV1StatusPagesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Acme platform status",
                 *       "theme": "dark",
                 *       "show_uptime_bars": false
                 *     }
                 */
                "application/json": {
                    /** @description Unique over the service; the page is /status/{slug} */
                    slug?: string;
                    title?: string;
                    description?: string | null;
                    sections?: {
                        title: string;
                        /** @default [] */
                        monitor_ids?: number[];
                        /** @default [] */
                        domain_ids?: number[];
                    }[];
                    /**
                     * @description auto follows the reader's system setting
                     * @default auto
                     * @enum {string}
                     */
                    theme?: "light" | "dark" | "auto";
                    /**
                     * @description A page that is not public answers 404
                     * @default true
                     */
                    is_public?: boolean;
                    /** @default true */
                    show_uptime_bars?: boolean;
                    /** @description A hostname the account has verified (or a subdomain of one). Point it (CNAME) at the service: a request whose Host is this name is served the page at /, its JSON at /index.json and its feed at /feed.atom. */
                    custom_hostname?: string | null;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status_page: components["schemas"]["StatusPage"];
                        /** @example Status page updated */
                        message: string;
                    };
                };
            };
            /** @description Invalid field, or a section names a monitor or domain the account does not have */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Domain not verified (custom_hostname); `Insufficient scope`: the key does not hold `status_pages:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Status page not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Slug already taken; Custom hostname already in use */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1StatusPagesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example Status page deleted */
                        message: string;
                        deleted_status_page_id: number;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `status_pages:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Status page not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiV1StatusPagesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Acme platform status",
                 *       "theme": "dark",
                 *       "show_uptime_bars": false
                 *     }
                 */
                "application/json": {
                    /** @description Unique over the service; the page is /status/{slug} */
                    slug?: string;
                    title?: string;
                    description?: string | null;
                    sections?: {
                        title: string;
                        /** @default [] */
                        monitor_ids?: number[];
                        /** @default [] */
                        domain_ids?: number[];
                    }[];
                    /**
                     * @description auto follows the reader's system setting
                     * @default auto
                     * @enum {string}
                     */
                    theme?: "light" | "dark" | "auto";
                    /**
                     * @description A page that is not public answers 404
                     * @default true
                     */
                    is_public?: boolean;
                    /** @default true */
                    show_uptime_bars?: boolean;
                    /** @description A hostname the account has verified (or a subdomain of one). Point it (CNAME) at the service: a request whose Host is this name is served the page at /, its JSON at /index.json and its feed at /feed.atom. */
                    custom_hostname?: string | null;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status_page: components["schemas"]["StatusPage"];
                        /** @example Status page updated */
                        message: string;
                    };
                };
            };
            /** @description Invalid field, or a section names a monitor or domain the account does not have */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Domain not verified (custom_hostname); `Insufficient scope`: the key does not hold `status_pages:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Status page not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Slug already taken; Custom hostname already in use */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1StatusPagesIdNotices: {
        parameters: {
            query?: {
                /** @description Default 1 */
                page?: number;
                /** @description Default 100; above 100 is clamped to 100 */
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Notices */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status_page_id: number;
                        notices: components["schemas"]["Notice"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Invalid page or per_page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `status_pages:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Status page not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1StatusPagesIdNotices: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Slow checkout",
                 *       "status": "investigating",
                 *       "message": "Some payments take longer than usual; we are looking into it."
                 *     }
                 */
                "application/json": {
                    title: string;
                    /** @enum {string} */
                    status: "investigating" | "identified" | "monitoring" | "resolved";
                    message: string;
                };
            };
        };
        responses: {
            /** @description Posted */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notice: components["schemas"]["Notice"];
                        /** @example Notice posted */
                        message: string;
                    };
                };
            };
            /** @description Invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `status_pages:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Status page not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiV1StatusPagesIdNoticesNoticeId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                notice_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "resolved",
                 *       "message": "Payments are back to normal."
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    status?: "investigating" | "identified" | "monitoring" | "resolved";
                    message?: string;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notice: components["schemas"]["Notice"];
                        /** @example Notice updated */
                        message: string;
                    };
                };
            };
            /** @description Invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `status_pages:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Status page not found; Notice not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1StatusPagesIdNoticesNoticeId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                notice_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example Notice deleted */
                        message: string;
                        deleted_notice_id: number;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `status_pages:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Status page not found; Notice not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiV1StatusPagesIdNoticesNoticeId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                notice_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "resolved",
                 *       "message": "Payments are back to normal."
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    status?: "investigating" | "identified" | "monitoring" | "resolved";
                    message?: string;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notice: components["schemas"]["Notice"];
                        /** @example Notice updated */
                        message: string;
                    };
                };
            };
            /** @description Invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `status_pages:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Status page not found; Notice not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1UptimeMonitorsIdIncidentsIncidentIdUpdates: {
        parameters: {
            query?: {
                /** @description Default 1 */
                page?: number;
                /** @description Default 100; above 100 is clamped to 100 */
                per_page?: number;
            };
            header?: never;
            path: {
                id: number;
                incident_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Updates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        monitor_id: number;
                        incident_id: number;
                        updates: components["schemas"]["IncidentUpdate"][];
                        pagination: components["schemas"]["Pagination"];
                    };
                };
            };
            /** @description Invalid page or per_page */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan without uptime monitoring); `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found; Incident not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1UptimeMonitorsIdIncidentsIncidentIdUpdates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                incident_id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "identified",
                 *       "message": "A bad deploy; rolling back now."
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    status: "investigating" | "identified" | "monitoring" | "resolved";
                    message: string;
                };
            };
        };
        responses: {
            /** @description Posted */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        update: components["schemas"]["IncidentUpdate"];
                        /** @example Incident update posted */
                        message: string;
                    };
                };
            };
            /** @description Invalid status or message */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan without uptime monitoring); `Insufficient scope`: the key does not hold `monitors:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found; Incident not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStatusSlugJson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page as data */
            200: {
                headers: {
                    ETag?: string;
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        page: {
                            title: string;
                            description: string | null;
                            /** Format: uri */
                            url: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                        status: {
                            /** @enum {string} */
                            indicator: "operational" | "degraded" | "outage";
                            /** @example All systems operational */
                            description: string;
                        };
                        sections: {
                            title: string;
                            monitors: {
                                name: string;
                                /** @enum {string} */
                                status: "operational" | "degraded" | "down" | "maintenance" | "paused" | "pending";
                                /** @description Percent over the last 90 days; null without checks */
                                uptime_90d: number | null;
                                /** @description The last 90 UTC days, oldest first; present when the page shows uptime bars */
                                days?: {
                                    /** Format: date */
                                    date: string;
                                    uptime: number | null;
                                    incidents: number;
                                }[];
                            }[];
                            domains: {
                                /** @description hostname, with :port when not 443 */
                                name: string;
                                ssl_grade: string | null;
                                days_until_expiry: number | null;
                                /**
                                 * @description What the certificate dates say (expiring: within 14 days)
                                 * @enum {string}
                                 */
                                status: "ok" | "expiring" | "expired" | "unknown";
                                /** @description The latest scan's verdict on the certificate chain; null before one */
                                trusted: boolean | null;
                                /**
                                 * @description The worst of TLS grade, trust and expiry: what the page and the badges show (critical: grade F, untrusted, expired or within 7 days)
                                 * @enum {string}
                                 */
                                level: "ok" | "warning" | "critical" | "unknown";
                            }[];
                        }[];
                        /** @description Open incidents and unresolved notices, newest first */
                        active_incidents: {
                            /**
                             * @description The incident's id, or notice-{id} for a notice
                             * @example 4711
                             * @example notice-12
                             */
                            id: string;
                            title: string;
                            /**
                             * @description What people were last told: the latest update's status, else investigating or resolved
                             * @enum {string}
                             */
                            status: "investigating" | "identified" | "monitoring" | "resolved";
                            open: boolean;
                            /** Format: date-time */
                            started_at: string;
                            /** Format: date-time */
                            resolved_at: string | null;
                            duration_seconds: number | null;
                            /** Format: date-time */
                            updated_at: string;
                            updates: {
                                /** @enum {string} */
                                status: "investigating" | "identified" | "monitoring" | "resolved";
                                message: string;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                        }[];
                        /** @description Resolved in the last 14 days, newest first: at most 50 incidents (the newest started), and the notices */
                        recent_incidents: {
                            /**
                             * @description The incident's id, or notice-{id} for a notice
                             * @example 4711
                             * @example notice-12
                             */
                            id: string;
                            title: string;
                            /**
                             * @description What people were last told: the latest update's status, else investigating or resolved
                             * @enum {string}
                             */
                            status: "investigating" | "identified" | "monitoring" | "resolved";
                            open: boolean;
                            /** Format: date-time */
                            started_at: string;
                            /** Format: date-time */
                            resolved_at: string | null;
                            duration_seconds: number | null;
                            /** Format: date-time */
                            updated_at: string;
                            updates: {
                                /** @enum {string} */
                                status: "investigating" | "identified" | "monitoring" | "resolved";
                                message: string;
                                /** Format: date-time */
                                created_at: string;
                            }[];
                        }[];
                        scheduled_maintenance: {
                            title: string;
                            /** Format: date-time */
                            starts_at: string;
                            /** Format: date-time */
                            ends_at: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description Not modified (If-None-Match) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `{"error":"Status page not found"}`: unknown, private or deleted page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description Too many requests for public pages while the API is busy: `{"error":"Too many requests for public pages; retry shortly"}` after waiting up to 2 s; retry after `Retry-After` seconds (also the dependency outage 503) */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStatusSlugFeedAtom: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Atom 1.0 feed */
            200: {
                headers: {
                    ETag?: string;
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/atom+xml": string;
                };
            };
            /** @description Not modified (If-None-Match) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A plain 404 page: unknown, private or deleted page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/atom+xml": string;
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description Too many requests for public pages while the API is busy: `{"error":"Too many requests for public pages; retry shortly"}` after waiting up to 2 s; retry after `Retry-After` seconds (also the dependency outage 503) */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStatusSlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page */
            200: {
                headers: {
                    ETag?: string;
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Not modified (If-None-Match) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A plain 404 page: unknown, private or deleted page */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description Too many requests for public pages while the API is busy: `{"error":"Too many requests for public pages; retry shortly"}` after waiting up to 2 s; retry after `Retry-After` seconds (also the dependency outage 503) */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1UptimeMonitorsIdBadges: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Badge links */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        badge: components["schemas"]["BadgeLinks"];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan without uptime monitoring); `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1UptimeMonitorsIdBadgesRotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description New links */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        badge: components["schemas"]["BadgeLinks"];
                        /** @example Badge token rotated */
                        message: string;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Feature not available (plan without uptime monitoring); `Insufficient scope`: the key does not hold `monitors:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Monitor not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1DomainsIdBadges: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Badge links */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        badge: components["schemas"]["BadgeLinks"];
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Domain not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1DomainsIdBadgesRotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description New links */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        badge: components["schemas"]["BadgeLinks"];
                        /** @example Badge token rotated */
                        message: string;
                    };
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `domains:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Domain not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBadgesTokenBadge: {
        parameters: {
            query?: {
                /** @description Replaces the left-hand text */
                label?: string;
            };
            header?: never;
            path: {
                token: string;
                badge: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The badge: image/svg+xml for .svg, the shields.io endpoint JSON for .json */
            200: {
                headers: {
                    ETag?: string;
                    "Cache-Control"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/svg+xml": string;
                    "application/json": {
                        /** @constant */
                        schemaVersion: 1;
                        label: string;
                        message: string;
                        color: string;
                        cacheSeconds: number;
                    };
                };
            };
            /** @description Not modified (If-None-Match) */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Badge not found (unknown or rotated token, or no such badge for the resource) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description Too many requests for public pages while the API is busy: `{"error":"Too many requests for public pages; retry shortly"}` after waiting up to 2 s; retry after `Retry-After` seconds (also the dependency outage 503) */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ConfigSchema: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON Schema (draft 2020-12); also docs/vigil.schema.json */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1ConfigPlan: {
        parameters: {
            query?: {
                /** @description true: managed objects the document no longer lists are deleted */
                prune?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "monitors": [
                 *         {
                 *           "key": "homepage",
                 *           "name": "Homepage",
                 *           "url": "https://example.com/"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    domains?: {
                        [key: string]: unknown;
                    }[];
                    monitors?: {
                        [key: string]: unknown;
                    }[];
                    integrations?: {
                        [key: string]: unknown;
                    }[];
                    maintenance_windows?: {
                        [key: string]: unknown;
                    }[];
                    status_pages?: {
                        [key: string]: unknown;
                    }[];
                };
            };
        };
        responses: {
            /** @description Every entry with its action, and deletes under prune */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigPlan"];
                };
            };
            /** @description Invalid document: the resource endpoints' message, and `path`, where in the document */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigPathError"] | components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient scope; a limit of the plan on the end state (tier-limit body); Interval, Frequency not allowed; Domain not verified (each with `path`); `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1ConfigApply: {
        parameters: {
            query?: {
                /** @description true: managed objects the document no longer lists are deleted */
                prune?: "true" | "false";
                /** @description A plan's fingerprint: 409 when the account changed since that plan */
                fingerprint?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "monitors": [
                 *         {
                 *           "key": "homepage",
                 *           "name": "Homepage",
                 *           "url": "https://example.com/"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    domains?: {
                        [key: string]: unknown;
                    }[];
                    monitors?: {
                        [key: string]: unknown;
                    }[];
                    integrations?: {
                        [key: string]: unknown;
                    }[];
                    maintenance_windows?: {
                        [key: string]: unknown;
                    }[];
                    status_pages?: {
                        [key: string]: unknown;
                    }[];
                };
            };
        };
        responses: {
            /** @description The changes made (as plan answers them); the fingerprint is the one they were planned against */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigPlan"];
                };
            };
            /** @description Invalid document: the resource endpoints' message, and `path`, where in the document */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigPathError"] | components["schemas"]["Error"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Insufficient scope; a limit of the plan on the end state (tier-limit body); Interval, Frequency not allowed; Domain not verified (each with `path`); `Insufficient scope`: the key does not hold `monitors:write` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Another apply of the account is in progress; The account changed since the plan (with the current `fingerprint`); a URL, slug or domain another object has (with `path`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigAccountChanged"] | components["schemas"]["ConfigEntryConflict"] | components["schemas"]["ConfigDomainConflict"] | components["schemas"]["Error"];
                };
            };
            /** @description `Request body too large` (over 1 MB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1ConfigExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Managed objects under their key, the others under `<kind>-<id>`; secrets masked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigDocument"];
                };
            };
            /** @description API key required, invalid or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description `Account inactive`: the key's account is deactivated; `Insufficient scope`: the key does not hold `monitors:read` (or a scope that grants it) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Forbidden"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP, per-minute or daily quota of the account */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1AuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token authentication has been removed; use an API key */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiV1AuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token authentication has been removed; use an API key */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1AuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token authentication has been removed; use an API key */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1AuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token authentication has been removed; use an API key */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiV1AuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token authentication has been removed; use an API key */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1AuthRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token authentication has been removed; use an API key */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putApiV1AuthRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token authentication has been removed; use an API key */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiV1AuthRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token authentication has been removed; use an API key */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiV1AuthRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token authentication has been removed; use an API key */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchApiV1AuthRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token authentication has been removed; use an API key */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
            /** @description PostgreSQL or Redis is unreachable: `{"error":"Service unavailable"}`; retry after `Retry-After` seconds */
            503: {
                headers: {
                    "Retry-After"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiV1OpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        openapi: "3.1.0";
                        info: {
                            [key: string]: unknown;
                        };
                        components: {
                            [key: string]: unknown;
                        };
                        paths: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Rate limit exceeded: burst per client IP */
            429: {
                headers: {
                    "Retry-After"?: string;
                    "X-RateLimit-Limit"?: string;
                    "X-RateLimit-Remaining"?: string;
                    "X-RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimited"];
                };
            };
        };
    };
}
