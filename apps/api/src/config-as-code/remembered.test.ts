import { rememberedByJson } from './remembered.js';

describe('rememberedByJson', () => {
  it('computes once per argument as JSON, answers frozen, and remembers no error', () => {
    let calls = 0;
    const check = rememberedByJson((fields: Record<string, unknown>) => {
      calls++;
      if (fields.bad) throw new Error('refused');
      return { list: [fields.n], nested: { n: fields.n } };
    });
    const first = check({ n: 1 });
    expect(check({ n: 1 })).toBe(first);
    expect(calls).toBe(1);
    expect(Object.isFrozen(first) && Object.isFrozen(first.list) && Object.isFrozen(first.nested)).toBe(true);
    expect(check({ n: 2 })).toEqual({ list: [2], nested: { n: 2 } });
    expect(calls).toBe(2);
    expect(() => check({ bad: true })).toThrow('refused');
    expect(() => check({ bad: true })).toThrow('refused');
    expect(calls).toBe(4);
  });
});
