import type { Response } from 'express';
import { assertSerializedAsIs, compileSerializer, type Serializer } from './serialize.js';
import type { RouteDef, SendAny } from './route.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The one way a route answers JSON. A status with a documented schema is serialised by
 * fast-json-stringify compiled from that very schema (once, on first use); with `check`
 * (tests) each answer is compared with JSON.stringify's and a difference raises
 * ResponseSchemaError. The route's `res.json` is routed here too, so an answer cannot bypass
 * its schema — and neither can the error handler when the route documents that error's body.
 */
export function responseSender(def: RouteDef, check: boolean): (res: Response) => SendAny {
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
  return (res) => {
    const plainJson = res.json.bind(res);
    const send: SendAny = (status, body) => {
      const serialize = serializerFor(status);
      if (!serialize) {
        res.status(status);
        plainJson(body);
        return;
      }
      const text = serialize(body);
      if (check) assertSerializedAsIs(where(status), body, text);
      res.status(status).set('Content-Type', JSON_TYPE).send(text);
    };
    res.json = (body: unknown) => {
      send(res.statusCode, body);
      return res;
    };
    return send;
  };
}
