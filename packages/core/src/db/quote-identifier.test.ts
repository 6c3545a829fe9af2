import { quoteIdentifier } from './quote-identifier.js';

describe('quoteIdentifier', () => {
  it.each([
    ['updated_at', '"updated_at"'],
    ['Mixed Case', '"Mixed Case"'],
    ['a"b', '"a""b"'],
    ['"', '""""'],
    ['', '""'],
  ])('%j → %s', (name, sql) => {
    expect(quoteIdentifier(name)).toBe(sql);
  });
});
