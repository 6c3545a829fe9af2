import { ValidationError } from '../../errors/errors.js';
import { readOpsgenieCallback, verifyOpsgenieSecret } from './opsgenie-callback.js';

/** An alert action as the Opsgenie Webhook integration posts it (Opsgenie's "alert action data"). */
function ogAction(action: string, alias: unknown, username: unknown = 'jane@example.com'): Buffer {
  return Buffer.from(
    JSON.stringify({
      source: { name: '', type: 'web' },
      alert: { updatedAt: 1420452224764002, tags: [], message: 'Monitor down: Checkout API', username, alertId: '052652ac-5d1c-464a-812a-7dd18bbfba8c', alias, tinyId: '23', createdAt: 1420452191104, userId: 'daed1180', entity: '' },
      action,
      integrationId: '37c8f316-17c6-49d7-899b-9c7e540c048d',
      integrationName: 'Vigil callback',
    }),
  );
}

describe('verifyOpsgenieSecret', () => {
  it('accepts exactly the secret, surrounding spaces aside', () => {
    expect(verifyOpsgenieSecret('whsec_abc', 'whsec_abc')).toBe(true);
    expect(verifyOpsgenieSecret(' whsec_abc ', 'whsec_abc')).toBe(true);
  });

  it('refuses another value, a prefix, nothing, or an unset secret', () => {
    expect(verifyOpsgenieSecret('whsec_abd', 'whsec_abc')).toBe(false);
    expect(verifyOpsgenieSecret('whsec_ab', 'whsec_abc')).toBe(false);
    expect(verifyOpsgenieSecret(undefined, 'whsec_abc')).toBe(false);
    expect(verifyOpsgenieSecret('', '')).toBe(false);
  });
});

describe('readOpsgenieCallback', () => {
  it('acknowledges the Vigil incident named by the alias, by the Opsgenie user', () => {
    expect(readOpsgenieCallback(ogAction('Acknowledge', 'vigil-incident-7'))).toEqual({ kind: 'acknowledge', incidentId: 7, by: 'jane@example.com' });
    expect(readOpsgenieCallback(ogAction('Close', 'vigil-incident-7', null))).toEqual({ kind: 'acknowledge', incidentId: 7, by: 'Opsgenie' });
  });

  it('ignores other actions and alerts Vigil did not create', () => {
    expect(readOpsgenieCallback(ogAction('Create', 'vigil-incident-7'))).toEqual({ kind: 'ignore' });
    expect(readOpsgenieCallback(ogAction('UnAcknowledge', 'vigil-incident-7'))).toEqual({ kind: 'ignore' });
    expect(readOpsgenieCallback(ogAction('Acknowledge', 'aliastest'))).toEqual({ kind: 'ignore' });
  });

  it('rejects what is not an alert action', () => {
    expect(() => readOpsgenieCallback(Buffer.from('not json'))).toThrow(new ValidationError('Invalid JSON body'));
    expect(() => readOpsgenieCallback(Buffer.from('{"action":"Acknowledge"}'))).toThrow(ValidationError);
  });
});
