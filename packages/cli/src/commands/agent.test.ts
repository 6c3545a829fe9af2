import { agentEnv } from './agent.js';

const KEY = `vgla_${'a'.repeat(43)}`;

describe('vigil agent configuration', () => {
  it('needs only the API URL and the agent key, and takes a source address', () => {
    expect(agentEnv({ VIGIL_API_URL: 'https://vigil.example.com', VIGIL_AGENT_KEY: KEY })).toEqual({ apiUrl: 'https://vigil.example.com', agentKey: KEY });
    expect(agentEnv({ VIGIL_API_URL: 'https://vigil.example.com', VIGIL_AGENT_KEY: KEY, VIGIL_SOURCE_ADDRESS: '10.0.0.7' })).toEqual({
      apiUrl: 'https://vigil.example.com',
      agentKey: KEY,
      sourceAddress: '10.0.0.7',
    });
  });

  it.each([
    [{ VIGIL_AGENT_KEY: KEY }, 'VIGIL_API_URL must be the URL of the Vigil API (https://...)'],
    [{ VIGIL_API_URL: 'not a url', VIGIL_AGENT_KEY: KEY }, 'VIGIL_API_URL must be the URL of the Vigil API (https://...)'],
    [{ VIGIL_API_URL: 'https://x' }, "VIGIL_AGENT_KEY must be a location's agent key (vgla_...)"],
    [{ VIGIL_API_URL: 'https://x', VIGIL_AGENT_KEY: 'vgl_apikey' }, "VIGIL_AGENT_KEY must be a location's agent key (vgla_...)"],
    [{ VIGIL_API_URL: 'https://x', VIGIL_AGENT_KEY: KEY, VIGIL_SOURCE_ADDRESS: 'eth0' }, 'VIGIL_SOURCE_ADDRESS must be an IP address'],
  ])('refuses %p', (env, message) => {
    expect(() => agentEnv(env)).toThrow(message);
  });
});
