import { providerError, withoutSecrets } from './provider-response.js';

describe('providerError', () => {
  it("reads PagerDuty's and Opsgenie's error bodies", () => {
    expect(providerError(JSON.stringify({ status: 'invalid event', message: 'Event object is invalid', errors: ["'payload.summary' is missing or blank"] }))).toEqual({
      message: "Event object is invalid; 'payload.summary' is missing or blank",
    });
    expect(providerError(JSON.stringify({ message: 'Could not authenticate', took: 0.001, requestId: 'b3a0' }))).toEqual({ message: 'Could not authenticate' });
    expect(providerError(JSON.stringify({ message: 'Request body is not processable', errors: { message: 'Message can not be empty.' } }))).toEqual({
      message: 'Request body is not processable; message: Message can not be empty.',
    });
  });

  it('says nothing for what is not a JSON error body', () => {
    expect(providerError('<html>Bad gateway</html>')).toEqual({});
    expect(providerError('[]')).toEqual({});
    expect(providerError('{"status":"ok"}')).toEqual({});
  });
});

describe('withoutSecrets', () => {
  it('masks every secret a provider echoed', () => {
    expect(withoutSecrets("HTTP 400 Bad Request: routing key 'abcd1234' unknown (abcd1234)", ['abcd1234', undefined])).toBe('HTTP 400 Bad Request: routing key \'****\' unknown (****)');
    expect(withoutSecrets(null, ['abcd1234'])).toBeNull();
    expect(withoutSecrets('HTTP 500', ['', 'x'])).toBe('HTTP 500');
  });
});
