import type { RequestHandler } from 'express';

/** Allow header value for a path: its methods, plus HEAD with GET, plus OPTIONS. */
export function allowHeader(methods: string[]): string {
  const set = new Set(methods.map((m) => m.toUpperCase()));
  if (set.has('GET')) set.add('HEAD');
  set.add('OPTIONS');
  const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
  return order.filter((m) => set.has(m)).join(', ');
}

const BODY =
  '<!doctype html>\n<html lang="en">\n<title>405 Method Not Allowed</title>\n' +
  '<h1>Method Not Allowed</h1>\n<p>The method is not allowed for the requested URL.</p>\n</html>\n';

/** The seed's 405: an Allow header and an HTML body, not JSON. OPTIONS answers 204 with Allow. */
export function methodNotAllowed(methods: string[]): RequestHandler {
  const allow = allowHeader(methods);
  return (req, res) => {
    res.setHeader('Allow', allow);
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    res.status(405).type('html').send(BODY);
  };
}
