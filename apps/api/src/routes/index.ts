import type { Context } from '@vigil/core';
import type { RouteDef } from '../http/route.js';
import type { BadgeService } from '../badges/badge-service.js';
import type { AccountQuota } from '../limits/account-quota.js';
import type { StatusPageService } from '../public-status/status-page-service.js';
import { badgeRoutes } from './badges.routes.js';
import { publicStatusRoutes } from './public-status.routes.js';
import { statusPageRoutes } from './status-pages.routes.js';
import type { RollupWindows } from '../monitors/rollup-totals.js';
import type { RequestUsage } from '../usage/request-usage.js';
import { apiKeyRoutes } from './api-keys.routes.js';
import { auditLogRoutes } from './audit-log.routes.js';
import { integrationRoutes } from './integrations.routes.js';
import { authRemovedRoutes } from './auth-removed.routes.js';
import { billingRoutes } from './billing.routes.js';
import { configRoutes } from './config.routes.js';
import { domainRoutes } from './domains.routes.js';
import { headerCheckRoutes } from './header-check.routes.js';
import { heartbeatRoutes } from './heartbeats.routes.js';
import { homeRoutes } from './home.routes.js';
import { inboundRoutes } from './inbound.routes.js';
import { maintenanceWindowRoutes } from './maintenance-windows.routes.js';
import { metricsRoutes } from './metrics.routes.js';
import { monitorRoutes } from './monitors.routes.js';
import { opsRoutes } from './ops.routes.js';
import { regionRoutes } from './regions.routes.js';
import { locationRoutes } from './locations.routes.js';
import { agentRoutes } from './agent.routes.js';
import { scanRoutes } from './scans.routes.js';
import { slaRoutes } from './sla.routes.js';
import { usageRoutes } from './usage.routes.js';
import { verificationRoutes } from './verifications.routes.js';

/** What route modules may need besides the context. */
export interface RouteDeps {
  quota: AccountQuota;
  usage: RequestUsage;
  windows: RollupWindows;
  statusPages: StatusPageService;
  badges: BadgeService;
}

/** Every route of the API. Each resource module contributes its list. */
export function allRoutes(ctx: Context, deps: RouteDeps): RouteDef[] {
  return [
    ...homeRoutes(ctx),
    ...opsRoutes(ctx),
    ...apiKeyRoutes(ctx),
    ...auditLogRoutes(ctx),
    ...integrationRoutes(ctx),
    ...usageRoutes(ctx, deps),
    ...headerCheckRoutes(ctx),
    ...monitorRoutes(ctx, deps.windows),
    ...regionRoutes(ctx),
    ...locationRoutes(ctx),
    ...agentRoutes(ctx),
    ...heartbeatRoutes(ctx),
    ...inboundRoutes(ctx),
    ...maintenanceWindowRoutes(ctx),
    ...slaRoutes(ctx, deps.windows.counts),
    ...metricsRoutes(ctx, deps.windows),
    ...domainRoutes(ctx),
    ...verificationRoutes(ctx),
    ...scanRoutes(ctx),
    ...billingRoutes(ctx, deps.usage, deps.windows.counts),
    ...statusPageRoutes(ctx),
    ...publicStatusRoutes(deps.statusPages),
    ...badgeRoutes(ctx, deps.badges),
    ...configRoutes(ctx),
    // Removed endpoints last, so the documentation opens on the ones to use.
    ...authRemovedRoutes(),
  ];
}
