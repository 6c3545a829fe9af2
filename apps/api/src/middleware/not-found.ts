import type { RequestHandler } from 'express';

/** Any path no route matched: `{"error":"Not found"}` (the seed's answer under /api/). */
export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found' });
};
