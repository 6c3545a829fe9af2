import { DUPLICATE_WINDOW_MS, duplicateWindow } from './duplicate-window.js';

describe('duplicateWindow', () => {
  it('spans a window before the earliest and after the latest check of the batch', () => {
    const a = new Date('2031-02-28T23:59:00Z');
    const b = new Date('2031-03-01T00:01:00Z');
    expect(duplicateWindow([b, a])).toEqual({
      from: new Date(a.getTime() - DUPLICATE_WINDOW_MS),
      to: new Date(b.getTime() + DUPLICATE_WINDOW_MS),
    });
  });

  it('is symmetric around a single check', () => {
    const t = new Date('1999-12-31T12:00:00Z');
    expect(duplicateWindow([t])).toEqual({ from: new Date('1999-12-31T11:00:00Z'), to: new Date('1999-12-31T13:00:00Z') });
  });
});
