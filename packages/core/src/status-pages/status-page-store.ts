import type { StatusPageSection, StatusPageTheme } from '../db/entities/status-page.entity.js';
import type { IncidentUpdateStatus } from '../db/entities/incident-update.entity.js';
import type { Queryable } from '../db/queryable.js';

/**
 * Reads of status pages for their public rendering (issue 30: their SQL in one place; a page's
 * monitors, incidents, domains and day sums are read through their own stores).
 */

/** A page is addressed by its slug (/status/{slug}) or by its custom hostname. */
export type PageRef = { slug: string } | { hostname: string };

/** A status page as its public rendering reads it. */
export interface PublicPageRow {
  id: number;
  account_id: number;
  slug: string;
  title: string;
  description: string | null;
  theme: StatusPageTheme;
  /** The page's own flag, and false while its account is deactivated (its monitors are no longer checked). */
  is_public: boolean;
  show_uptime_bars: boolean;
  sections: StatusPageSection[];
}

/** The page row, public or not (a private page still tells whose version to watch); null when none. */
export async function publicPageRow(em: Queryable, ref: PageRef): Promise<PublicPageRow | null> {
  const [column, value] = 'slug' in ref ? ['p.slug', ref.slug] : ['p.custom_hostname', ref.hostname];
  const [row] = await em.query<PublicPageRow[]>(
    `SELECT p.id, p.account_id, p.slug, p.title, p.description, p.theme, p.is_public AND a.is_active AS is_public, p.show_uptime_bars, p.sections
       FROM status_pages p JOIN accounts a ON a.id = p.account_id WHERE ${column} = $1`,
    [value],
  );
  return row ?? null;
}

/** A notice as a public page shows it. */
export interface PageNoticeRow {
  id: number;
  title: string;
  status: IncidentUpdateStatus;
  message: string;
  created_at: Date;
  updated_at: Date;
}

/** The page's notices not resolved, or updated since `since`: the newest 50, newest first. */
export function recentPageNotices(em: Queryable, pageId: number, since: Date): Promise<PageNoticeRow[]> {
  return em.query<PageNoticeRow[]>(
    `SELECT id, title, status, message, created_at, updated_at FROM status_page_notices
      WHERE status_page_id = $1 AND (status <> 'resolved' OR updated_at >= $2) ORDER BY created_at DESC LIMIT 50`,
    [pageId, since],
  );
}
