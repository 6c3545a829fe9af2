import type { Response } from 'express';
import { assertSerializedAsIs, compileSerializer, ResponseSchemaError, type Serializer } from './serialize.js';
import type { RouteDef, SendAny } from './route.js';
import { weakEtag } from './weak-etag.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The one way a route answers JSON. A status with a documented schema is serialised by
 * fast-json-stringify compiled from that very schema (once, on first use); with `check`
 * (tests) each answer is compared with JSON.stringify's and a difference raises
 * ResponseSchemaError. The route's `res.json` is routed here too, so an answer cannot bypass
 * its schema — and neither can the error handler when the route documents that error's body.
 *
 * Without the check (production), a body the serializer cannot write at all (a value outside its
 * schema's types, no matching branch) is still answered, as JSON.stringify writes it, and
 * reported to `unwritable`: a gap in a schema is a bug to fix, not a 500 for the client.
 */
export function responseSender(def: RouteDef, check: boolean, unwritable: (e: ResponseSchemaError) => void = () => undefined): (res: Response) => SendAny {
  const where = (status: number) => `${def.method.toUpperCase()} ${def.path} ${status}`;
  const compiled = new Map<number, Serializer | null>();
  const serializerFor = (status: number): Serializer | null => {
    let s = compiled.get(status);
    if (s === undefined) {
      const schema = def.docs.responses[status]?.schema;
      s = schema ? compileSerializer(schema, where(status)) : null;
      compiled.set(status, s);
    }
    return s;
  };
  // The readers of one coalesced read (ReadCoalescer) answer the same object one after another.
  let last: ({ status: number; body: unknown } & Answer) | null = null;
  const serialized = (status: number, body: unknown, serialize: Serializer): Answer => {
    if (last && last.body === body && last.status === status) {
      // Answered again (a coalesced read, the OpenAPI document): its bytes are encoded once.
      last.bytes ??= Buffer.from(last.text);
      return last;
    }
    let text: string;
    try {
      text = serialize(body);
    } catch (e) {
      if (check || !(e instanceof ResponseSchemaError)) throw e;
      unwritable(e);
      text = JSON.stringify(body);
    }
    if (check) assertSerializedAsIs(where(status), body, text);
    last = { status, body, text, etag: undefined, bytes: undefined };
    return last;
  };
  return (res) => {
    const plainJson = res.json.bind(res);
    const send: SendAny = (status, body) => {
      const serialize = serializerFor(status);
      if (!serialize) {
        res.status(status);
        plainJson(body);
        return;
      }
      writeJsonText(res, status, serialized(status, body, serialize));
    };
    res.json = (body: unknown) => {
      send(res.statusCode, body);
      return res;
    };
    return send;
  };
}

/**
 * A serialised body, its ETag once computed (null: the app makes none), and its UTF-8 bytes once
 * it is answered more than once (a body sent once is written as text: Node then sends headers
 * and body in one write without a copy of its own).
 */
interface Answer {
  text: string;
  etag: string | null | undefined;
  bytes: Buffer | undefined;
}

/** The app's ETag of a text (null: the app makes none); Express's default, the weak tag, in one native call. */
function etagOf(res: Response, text: string, length: number): string | null {
  const setting: unknown = res.app.get('etag');
  if (setting === true || setting === 'weak') return weakEtag(text, length);
  const etagFn: unknown = res.app.get('etag fn');
  const tag: unknown = typeof etagFn === 'function' ? etagFn(text, 'utf8') : null;
  return typeof tag === 'string' ? tag : null;
}

/**
 * What Express's res.send does with a JSON text, minus its copy of the text into a Buffer:
 * Content-Type, Content-Length, the app's ETag (the same weak tag), 304 when the request is
 * fresh, no body for HEAD. Node then sends headers and body in one write instead of two.
 * Statuses whose body Express strips (204, 205) go through Express.
 */
function writeJsonText(res: Response, status: number, answer: Answer): void {
  const { text, bytes } = answer;
  if (status === 204 || status === 205) {
    res.status(status).set('Content-Type', JSON_TYPE).send(text);
    return;
  }
  res.status(status);
  res.setHeader('Content-Type', JSON_TYPE);
  const length = bytes ? bytes.length : Buffer.byteLength(text);
  if (!res.getHeader('Transfer-Encoding')) res.setHeader('Content-Length', length);
  if (!res.getHeader('ETag')) {
    answer.etag ??= etagOf(res, text, length);
    if (answer.etag !== null) res.setHeader('ETag', answer.etag);
  }
  if (res.req.fresh) {
    res.status(304);
    res.removeHeader('Content-Type');
    res.removeHeader('Content-Length');
    res.removeHeader('Transfer-Encoding');
    res.end();
    return;
  }
  if (res.req.method === 'HEAD') res.end();
  else res.end(bytes ?? text);
}
