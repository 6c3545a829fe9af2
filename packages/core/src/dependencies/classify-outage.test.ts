import { classifyOutage, networkReason } from './classify-outage.js';

const errno = (code: string, message = `connect ${code} 10.1.2.3:5432`) => Object.assign(new Error(message), { code, syscall: 'connect', address: '10.1.2.3', port: 5432 });
const pgError = (code: string, message = 'server says no') => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('classifyOutage', () => {
  it.each([
    ['ioredis without a connection (offline queue off)', new Error("Stream isn't writeable and enableOfflineQueue options is false"), 'redis', 'not connected'],
    ['ioredis connection closed', new Error('Connection is closed.'), 'redis', 'connection closed'],
    ['ioredis command timeout', new Error('Command timed out'), 'redis', 'command timed out'],
    ['ioredis retries exhausted', Object.assign(new Error('Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.'), { name: 'MaxRetriesPerRequestError' }), 'redis', 'not connected'],
    ['Redis still loading', Object.assign(new Error('LOADING Redis is loading the dataset in memory'), { name: 'ReplyError' }), 'redis', 'server not serving'],
    ['pg refused', errno('ECONNREFUSED'), 'postgres', 'connection refused'],
    ['pg reset', errno('ECONNRESET', 'read ECONNRESET'), 'postgres', 'connection reset'],
    ['pg timeout on a socket', errno('ETIMEDOUT'), 'postgres', 'connection timed out'],
    ['pg connection terminated', new Error('Connection terminated unexpectedly'), 'postgres', 'connection closed'],
    ['pg pool connect timeout', new Error('timeout exceeded when trying to connect'), 'postgres', 'connection timed out'],
    ['pg client-side query timeout', new Error('Query read timeout'), 'postgres', 'query timed out'],
    ['TypeORM DataSource destroyed under a request', Object.assign(new Error('Driver not Connected'), { name: 'TypeORMError' }), 'postgres', 'connection closed'],
    ['pg pool ended under a request', new Error('Cannot use a pool after calling end on the pool'), 'postgres', 'connection closed'],
    ['pg admin shutdown', pgError('57P01', 'terminating connection due to administrator command'), 'postgres', 'server shutting down'],
    ['pg starting up', pgError('57P03', 'the database system is starting up'), 'postgres', 'server starting up'],
    ['pg statement timeout', pgError('57014', 'canceling statement due to statement timeout'), 'postgres', 'statement timed out'],
    ['pg too many connections', pgError('53300'), 'postgres', 'too many connections'],
    ['pg connection exception class 08', pgError('08006'), 'postgres', 'connection failure'],
  ])('%s', (_, err, dependency, reason) => {
    expect(classifyOutage(err)).toEqual({ dependency, reason });
  });

  it('unwraps TypeORM (driverError), causes and AggregateErrors', () => {
    const query = Object.assign(new Error('Connection terminated unexpectedly'), { name: 'QueryFailedError' });
    expect(classifyOutage(Object.assign(new Error('wrapped'), { driverError: errno('ECONNREFUSED') }))).toEqual({ dependency: 'postgres', reason: 'connection refused' });
    expect(classifyOutage(new Error('outer', { cause: new Error('Command timed out') }))).toEqual({ dependency: 'redis', reason: 'command timed out' });
    expect(classifyOutage(new AggregateError([new Error('x'), errno('ECONNREFUSED')]))).toEqual({ dependency: 'postgres', reason: 'connection refused' });
    expect(classifyOutage(query)).toEqual({ dependency: 'postgres', reason: 'connection closed' });
  });

  it.each([
    ['a bug', new TypeError('x is undefined')],
    ['a constraint violation', pgError('23505', 'duplicate key value')],
    ['a syntax error', pgError('42601')],
    ['a Redis script error', Object.assign(new Error('ERR Error running script'), { name: 'ReplyError' })],
    ['a code without a syscall (not a socket error)', Object.assign(new Error('x'), { code: 'ECONNREFUSED' })],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
  ])('is not an outage: %s', (_, err) => {
    expect(classifyOutage(err)).toBeNull();
  });

  it('stops unwrapping a cycle', () => {
    const a: { message: string; cause?: unknown } = { message: 'a' };
    a.cause = a;
    expect(classifyOutage(a)).toBeNull();
  });
});

describe('networkReason', () => {
  it('names the socket error without its address', () => {
    expect(networkReason(errno('ECONNREFUSED'))).toBe('connection refused');
    expect(networkReason(errno('EHOSTUNREACH'))).toBe('host unreachable');
    expect(networkReason(new Error('timed out'))).toBe('timed out');
    expect(networkReason(new Error('Command timed out'))).toBe('command timed out');
  });

  it('never echoes an unknown message, which may name an address', () => {
    expect(networkReason(new Error('something odd at 10.0.0.7:6379'))).toBe('unavailable');
  });
});
