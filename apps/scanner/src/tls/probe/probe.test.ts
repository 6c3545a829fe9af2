import { suiteById } from '../cipher-suites.js';
import { offeredSuites } from './prober.js';

describe('offeredSuites', () => {
  it('offers what a modern client prefers first, anonymous and export suites last', () => {
    const suites = offeredSuites('TLSv1.2').map((id) => suiteById(id));
    expect(suites[0]).toMatchObject({ kx: 'ECDHE', aead: true, bits: 256 });
    const firstWeak = suites.findIndex((s) => s?.auth === 'anon' || s?.export);
    expect(suites.slice(firstWeak).every((s) => s?.auth === 'anon' || s?.export)).toBe(true);
    expect(offeredSuites('TLSv1.3')).toEqual([0x1302, 0x1303, 0x1301, 0x1304, 0x1305]);
    expect(offeredSuites('SSLv3').every((id) => suiteById(id)?.minProtocol === 'SSLv3')).toBe(true);
  });
});
