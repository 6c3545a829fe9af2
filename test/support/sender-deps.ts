import { createGuardedAgents, systemClock, type SenderDeps } from '@vigil/core';

/** What a channel sender gets in tests: loopback targets allowed, a 2 s budget, no SMTP. */
export function senderDeps(overrides: Partial<SenderDeps> = {}): SenderDeps {
  return {
    agents: createGuardedAgents({ allowPrivate: true, dnsServers: [] }),
    timeoutMs: 2_000,
    clock: systemClock,
    baseUrl: 'https://vigil.example.com',
    smtp: { url: undefined, from: 'Vigil <alerts@vigil.test>' },
    ...overrides,
  };
}
