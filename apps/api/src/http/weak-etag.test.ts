import express from 'express';
import request from 'supertest';
import { weakEtag } from './weak-etag.js';

describe('weakEtag', () => {
  const bodies = ['', '{}', '{"name":"ünïcode ✓ 𝄞"}', JSON.stringify({ monitors: Array.from({ length: 300 }, (_, i) => ({ id: i, name: `site ${i}` })) })];

  it("is the ETag Express's res.send gives the same text", async () => {
    const app = express().get('/:i', (req, res) => {
      res.set('Content-Type', 'application/json; charset=utf-8').send(bodies[Number(req.params.i)]);
    });
    for (const [i, body] of bodies.entries()) {
      const res = await request(app).get(`/${i}`);
      expect(weakEtag(body, Buffer.byteLength(body))).toBe(res.headers.etag);
    }
  });
});
