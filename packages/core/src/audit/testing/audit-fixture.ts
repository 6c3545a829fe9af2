import type { EntityManager } from 'typeorm';
import type { MaintenanceWindow } from '../../db/entities/maintenance-window.entity.js';
import { insertMaintenanceWindow } from '../../maintenance/maintenance-window-store.js';
import { createTestAccount, createTestContext, testClock, type TestContext } from '@vigil/testing';
import type { AuditActor } from '../record-audit.js';

export interface AuditFixture {
  /** The file's context (made before its tests, torn down after them), on the fixture's clock. */
  readonly ctx: TestContext;
  readonly clock: ReturnType<typeof testClock>;
  /** A pro account in it, and a second one (another account's rows). */
  readonly accountId: number;
  readonly otherId: number;
  /** An API key's actor of `accountId` (key 7 "ci", 192.0.2.1) whose `recorded` counts into `recorded`. */
  readonly actor: AuditActor;
  /** Times `actor.recorded` was called in this test. */
  readonly recorded: number;
  /** The statements `counted()` ran in this test. */
  readonly statements: string[];
  /** The context's entity manager, each statement it runs told to `statements`. */
  counted(): EntityManager;
  /** A new maintenance window of `owner` (`accountId` unless told) titled `title` ('upgrade'): one hour in 2030, every monitor. */
  windowOf(owner?: number, title?: string): Promise<MaintenanceWindow>;
}

/**
 * The common ground of the audited writes' tests: a context on a test clock at `at` and two
 * accounts made before the file's tests, the counts cleared before each test. Call it at the top
 * of a test file.
 */
export function auditFixture(at: string): AuditFixture {
  const clock = testClock(at);
  const statements: string[] = [];
  let recorded = 0;
  let made: { ctx: TestContext; accountId: number; otherId: number; actor: AuditActor } | undefined;
  const ready = () => {
    if (!made) throw new Error('auditFixture: used before its beforeAll ran');
    return made;
  };
  beforeAll(async () => {
    const ctx = await createTestContext({ clock });
    const accountId = (await createTestAccount(ctx, 'pro')).account.id;
    const otherId = (await createTestAccount(ctx, 'pro')).account.id;
    made = { ctx, accountId, otherId, actor: { accountId, keyId: 7, keyName: 'ci', ip: '192.0.2.1', now: () => clock.now(), recorded: () => recorded++ } };
  });
  afterAll(() => made?.ctx.teardown());
  beforeEach(() => {
    recorded = 0;
    statements.length = 0;
  });
  return {
    clock,
    statements,
    get ctx() {
      return ready().ctx;
    },
    get accountId() {
      return ready().accountId;
    },
    get otherId() {
      return ready().otherId;
    },
    get actor() {
      return ready().actor;
    },
    get recorded() {
      return recorded;
    },
    counted: () =>
      new Proxy(ready().ctx.db.manager, {
        get(target, prop, receiver) {
          if (prop === 'query') {
            return (sql: string, params?: unknown[]) => {
              statements.push(sql);
              return target.query(sql, params);
            };
          }
          return Reflect.get(target, prop, receiver) as unknown;
        },
      }),
    windowOf: (owner = ready().accountId, title = 'upgrade') =>
      insertMaintenanceWindow(ready().ctx.db, {
        accountId: owner,
        title,
        description: null,
        appliesToAll: true,
        monitorIds: [],
        domainIds: [],
        startsAt: new Date('2030-01-01T01:00:00Z'),
        endsAt: new Date('2030-01-01T02:00:00Z'),
        rrule: null,
        durationMinutes: null,
        timezone: 'UTC',
        keepChecking: true,
      }),
  };
}
