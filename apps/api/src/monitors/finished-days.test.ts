import { FinishedDays, type DayRow } from './finished-days.js';

function setup(maxMonitors = 10) {
  let now = 0;
  const reads: { ids: number[]; from: number; until: number }[] = [];
  const table: DayRow[] = [];
  for (const monitor of [1, 2, 3]) for (let day = 100; day < 110; day++) table.push({ monitor_id: monitor, day, total: 24, successful: day === 105 ? 20 : 24 });
  const read = (ids: number[], from: number, until: number) => {
    reads.push({ ids, from, until });
    return Promise.resolve(table.filter((r) => ids.includes(r.monitor_id) && r.day >= from && r.day < until));
  };
  const days = new FinishedDays({ ttlMs: 1000, maxMonitors, now: () => now });
  const sorted = (rows: DayRow[]) => [...rows].sort((a, b) => a.monitor_id - b.monitor_id || a.day - b.day);
  return { days, read, reads, table, sorted, tick: (ms: number) => (now += ms) };
}

describe('FinishedDays', () => {
  it('reads finished days once and then answers them from memory, the same rows', async () => {
    const t = setup();
    const first = await t.days.rows([1, 2], 100, 108, t.read);
    expect(t.sorted(first)).toEqual(t.table.filter((r) => r.monitor_id <= 2 && r.day < 108));
    const again = await t.days.rows([1, 2], 100, 108, t.read);
    expect(t.sorted(again)).toEqual(t.sorted(first));
    expect(t.reads).toEqual([{ ids: [1, 2], from: 100, until: 108 }]);
  });

  it('reads only the monitors it does not hold, in one read', async () => {
    const t = setup();
    await t.days.rows([1], 100, 108, t.read);
    const rows = await t.days.rows([1, 2, 3], 100, 108, t.read);
    expect(t.reads[1]).toEqual({ ids: [2, 3], from: 100, until: 108 });
    expect(rows).toHaveLength(3 * 8);
  });

  it('remembers a monitor without rows as empty', async () => {
    const t = setup();
    expect(await t.days.rows([9], 100, 108, t.read)).toEqual([]);
    expect(await t.days.rows([9], 100, 108, t.read)).toEqual([]);
    expect(t.reads).toHaveLength(1);
  });

  it('reads again past the ttl, and when the finished range ends on another day', async () => {
    const t = setup();
    await t.days.rows([1], 100, 108, t.read);
    t.tick(1000);
    await t.days.rows([1], 100, 108, t.read);
    expect(t.reads).toHaveLength(2);
    const next = await t.days.rows([1], 101, 109, t.read); // a day later: the bars moved on
    expect(t.reads).toHaveLength(3);
    expect(next.map((r) => r.day).sort((a, b) => a - b)).toEqual([101, 102, 103, 104, 105, 106, 107, 108]);
  });

  it('answers a later start from what it holds, without the days before it', async () => {
    const t = setup();
    await t.days.rows([1], 100, 108, t.read);
    const rows = await t.days.rows([1], 104, 108, t.read);
    expect(rows.map((r) => r.day).sort((a, b) => a - b)).toEqual([104, 105, 106, 107]);
    expect(t.reads).toHaveLength(1);
  });

  it('forgets the least recently read monitors past maxMonitors', async () => {
    const t = setup(2);
    await t.days.rows([1], 100, 108, t.read);
    await t.days.rows([2], 100, 108, t.read);
    await t.days.rows([3], 100, 108, t.read);
    await t.days.rows([2, 3], 100, 108, t.read);
    expect(t.reads).toHaveLength(3);
    await t.days.rows([1], 100, 108, t.read);
    expect(t.reads).toHaveLength(4);
  });
});

describe('FinishedDays with maxRows', () => {
  it('forgets the earliest loaded monitors once the rows held pass maxRows, and counts a monitor read again once', async () => {
    let reads = 0;
    const read = (ids: number[], from: number, until: number) => {
      reads++;
      const rows: DayRow[] = [];
      for (const id of ids) for (let day = from; day < until; day++) rows.push({ monitor_id: id, day, total: 1, successful: 1 });
      return Promise.resolve(rows);
    };
    const days = new FinishedDays({ ttlMs: 1000, maxMonitors: 100, maxRows: 20, now: () => 0 });
    await days.rows([1], 100, 108, read); // 8 rows
    await days.rows([1], 99, 108, read); // read again from an earlier day: 9 rows, not 17
    await days.rows([2], 100, 108, read); // 17 rows: both held
    expect(reads).toBe(3);
    await days.rows([1, 2], 100, 108, read);
    expect(reads).toBe(3);
    await days.rows([3], 100, 108, read); // 25 rows: monitor 1 goes
    await days.rows([2, 3], 100, 108, read);
    expect(reads).toBe(4);
    await days.rows([1], 100, 108, read);
    expect(reads).toBe(5);
  });
});
