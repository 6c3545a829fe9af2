import type { Request } from 'express';
import { clientIp } from './client-ip.js';

function fakeRequest(ip: string | undefined, remoteAddress = '10.0.0.9'): { req: Request; reads: () => number } {
  let reads = 0;
  const req = {
    get ip() {
      reads++;
      return ip;
    },
    socket: { remoteAddress },
  } as unknown as Request;
  return { req, reads: () => reads };
}

describe('clientIp', () => {
  it('reads an IPv4-mapped address as IPv4 and falls back to the socket', () => {
    expect(clientIp(fakeRequest('::ffff:1.2.3.4').req)).toBe('1.2.3.4');
    expect(clientIp(fakeRequest('2001:db8::1').req)).toBe('2001:db8::1');
    expect(clientIp(fakeRequest(undefined).req)).toBe('10.0.0.9');
  });

  it("works out a request's address once, each request its own", () => {
    const one = fakeRequest('192.0.2.1');
    const two = fakeRequest('192.0.2.2');
    expect([clientIp(one.req), clientIp(one.req), clientIp(two.req), clientIp(one.req)]).toEqual(['192.0.2.1', '192.0.2.1', '192.0.2.2', '192.0.2.1']);
    expect(one.reads()).toBe(1);
    expect(two.reads()).toBe(1);
  });
});
