import { createTestAccount, createTestContext, type TestContext } from '@vigil/testing';
import { writeScheduleChanges, type ScheduleApplyDeps, type ScheduleChange } from '../schedule-changes.js';

export interface OutboxFixture {
  /** The file's context (made before its tests, torn down after them). */
  readonly ctx: TestContext;
  /** An account of the business tier in it. */
  readonly accountId: number;
  /** Commits `changes` to the schedule outbox in a transaction of their own (their rows' ids). */
  commit(changes: ScheduleChange[]): Promise<number[]>;
  /** Rows waiting in the schedule outbox. */
  pending(): Promise<number>;
  /** What an apply needs, with the known regions and no agent region. */
  deps(): ScheduleApplyDeps;
}

/**
 * The common ground of the schedule outbox's tests: a context and an account made before the
 * file's tests, the outbox emptied before each test. Call it at the top of a test file.
 */
export function outboxFixture(): OutboxFixture {
  let made: { ctx: TestContext; accountId: number } | undefined;
  const ready = () => {
    if (!made) throw new Error('outboxFixture: used before its beforeAll ran');
    return made;
  };
  beforeAll(async () => {
    const ctx = await createTestContext();
    made = { ctx, accountId: (await createTestAccount(ctx, 'business')).account.id };
  });
  afterAll(() => made?.ctx.teardown());
  beforeEach(() => ready().ctx.db.query('DELETE FROM schedule_outbox'));
  return {
    get ctx() {
      return ready().ctx;
    },
    get accountId() {
      return ready().accountId;
    },
    commit: (changes) => ready().ctx.db.transaction((em) => writeScheduleChanges(em, changes)),
    pending: async () => Number((await ready().ctx.db.query<{ n: number }[]>('SELECT count(*)::int AS n FROM schedule_outbox'))[0]?.n),
    deps: () => {
      const { ctx } = ready();
      return { db: ctx.db, queues: ctx.queues, regions: ctx.config.knownRegions, agentRegions: [], timeoutMs: 1000 };
    },
  };
}
