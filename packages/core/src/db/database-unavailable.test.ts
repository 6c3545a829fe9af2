import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** A socket error as node-postgres rejects a query with it. */
const socketError = (message: string, code: string) => Object.assign(new Error(message), { code, syscall: 'connect' });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused', socketError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset', socketError('read ECONNRESET', 'ECONNRESET')],
    ['timed out socket', socketError('connect ETIMEDOUT', 'ETIMEDOUT')],
    ['unreachable host', socketError('connect EHOSTUNREACH', 'EHOSTUNREACH')],
    ['admin shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['crash shutdown', withCode('terminating connection because of crash of another server process', '57P02')],
    ['starting up', withCode('the database system is starting up', '57P03')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['connection exception class', withCode('connection failure', '08006')],
    ['terminated mid-query', new Error('Connection terminated unexpectedly')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('looks through a TypeORM QueryFailedError to its driver error', () => {
    const driver = withCode('terminating connection due to administrator command', '57P01');
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], driver))).toBe(true);
  });

  it.each([
    ['unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['syntax error', withCode('syntax error at or near "SELEC"', '42601')],
    ['plain error', new Error('something else')],
    ['a Redis outage', new Error('Connection is closed.')],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
