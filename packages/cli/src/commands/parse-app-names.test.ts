import { UsageError } from '../cli-io.js';
import { parseAppNames } from './start.js';

describe('parseAppNames', () => {
  it('starts the four default apps when none is named (the API serves the public pages itself)', () => {
    expect(parseAppNames([])).toEqual(['api', 'checker', 'scanner', 'notifier']);
  });

  it('starts the public face alone, or beside workers', () => {
    expect(parseAppNames(['public'])).toEqual(['public']);
    expect(parseAppNames(['public', 'checker', 'public'])).toEqual(['public', 'checker']);
  });

  it('refuses api with public (both listen on PORT) and unknown names', () => {
    expect(() => parseAppNames(['api', 'public'])).toThrow(UsageError);
    expect(() => parseAppNames(['api', 'public'])).toThrow('api and public both listen on PORT: start public in its own process');
    expect(() => parseAppNames(['web'])).toThrow('Unknown app: web (expected api, checker, scanner, notifier, public)');
  });
});
