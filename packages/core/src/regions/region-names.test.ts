import { DEFAULT_REGION, checkQueueOf, isRegionName, majorityOf, parseRegionList } from './region-names.js';

describe('region names', () => {
  it('accepts lower-case names starting with a letter, up to 32 characters', () => {
    for (const ok of ['default', 'eu-west-1', 'us', 'a', 'a'.repeat(32)]) expect(isRegionName(ok)).toBe(true);
    for (const bad of ['', 'EU', '1eu', '-eu', 'eu_west', 'eu west', 'a'.repeat(33), 'eu:1', 'eu.1']) expect(isRegionName(bad)).toBe(false);
  });

  it('keeps the original checks queue for the default region and suffixes the others', () => {
    expect(checkQueueOf(DEFAULT_REGION)).toBe('checks');
    expect(checkQueueOf('eu-west')).toBe('checks.eu-west');
  });

  it('parses a configured list: trimmed, de-duplicated, in order', () => {
    expect(parseRegionList(' eu , us,eu ,')).toEqual(['eu', 'us']);
    expect(() => parseRegionList(' , ')).toThrow('at least one region');
    expect(() => parseRegionList('eu,US')).toThrow('"US" is not a valid region name');
  });

  it('takes a majority as the default quorum', () => {
    expect([1, 2, 3, 4, 5].map(majorityOf)).toEqual([1, 2, 2, 3, 3]);
  });
});
