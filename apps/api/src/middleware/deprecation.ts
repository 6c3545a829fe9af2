import type { Response } from 'express';

/**
 * Marks a response as using a deprecated form (versioning rule 3): `Deprecation: true`, and a
 * `Sunset` date when one is announced.
 */
export function markDeprecated(res: Response, opts: { sunset?: Date; link?: string } = {}): void {
  res.setHeader('Deprecation', 'true');
  if (opts.sunset) res.setHeader('Sunset', opts.sunset.toUTCString());
  if (opts.link) res.setHeader('Link', `<${opts.link}>; rel="deprecation"`);
}
