import { checkTimings } from './check-timings.js';

describe('checkTimings', () => {
  it('splits an https request into its phases', () => {
    const t = { socket: 1000, lookup: 1012, connect: 1030, secureConnect: 1075, upload: 1076, response: 1200, end: 1250 };
    expect(checkTimings(t, 9999)).toEqual({ dns: 12, connect: 18, tls: 45, first_byte: 124, download: 50 });
  });
  it('no lookup (an IP literal) and no TLS: dns and tls null, connect from the socket', () => {
    expect(checkTimings({ socket: 0, connect: 5, upload: 6, response: 20, end: 21 }, 99)).toEqual({ dns: null, connect: 5, tls: null, first_byte: 14, download: 1 });
  });
  it('a read stopped at its bound ends at the given moment; fractions round', () => {
    expect(checkTimings({ socket: 0, lookup: 0.4, connect: 1.6, upload: 2, response: 3 }, 10.5)).toEqual({ dns: 0, connect: 1, tls: null, first_byte: 1, download: 8 });
  });
  it('phases that never started are null', () => {
    expect(checkTimings({}, 5)).toEqual({ dns: null, connect: null, tls: null, first_byte: null, download: null });
  });
});
