import { readFileSync } from 'node:fs';
import { jsonLine, processIo, CommandError, UsageError, type CliIo } from './cli-io.js';

type Command = (args: string[], io: CliIo) => Promise<number>;

interface CommandSpec {
  usage: string;
  /** Loaded only when the command runs, so `--help` and admin commands load no app. */
  load(): Promise<Command>;
}

const COMMANDS: Record<string, CommandSpec> = {
  start: {
    usage: `  start [api|checker|scanner|notifier|public ...]   run the apps (all but public when none is named; public: status pages and badges alone)`,
    load: async () => (await import('./commands/start.js')).startCommand,
  },
  agent: {
    usage: `  agent                                      run a location's agent (VIGIL_API_URL, VIGIL_AGENT_KEY; optional VIGIL_SOURCE_ADDRESS)`,
    load: async () => (await import('./commands/agent.js')).agentCommand,
  },
  'region-key': {
    usage: `  region-key REGION [--overlap-seconds N] [--json]   the agent key of a region in VIGIL_AGENT_REGIONS (created, then rotated)`,
    load: async () => (await import('./commands/region-key.js')).regionKeyCommand,
  },
  migrate: {
    usage: `  migrate [--json]                           create the database if missing, apply migrations`,
    load: async () => (await import('./commands/migrate.js')).migrateCommand,
  },
  account: {
    usage: `  account create --email E --tier free|pro|business|enterprise [--email-verified] [--json]
  account set-tier ID TIER [--json]
  account deactivate ID [--json]
  account activate ID [--json]`,
    load: async () => (await import('./commands/account.js')).accountCommand,
  },
  domain: {
    usage: `  domain verify ACCOUNT_ID HOSTNAME [--json]   operator override of domain ownership`,
    load: async () => (await import('./commands/domain.js')).domainCommand,
  },
  plan: {
    usage: `  plan -f vigil.yaml [--prune] [--json]      what apply would change (exit 0 none, 2 changes, 1 error)`,
    load: async () => (await import('./commands/config.js')).planCommand,
  },
  apply: {
    usage: `  apply -f vigil.yaml [--prune] [--yes]      make the document's changes in one transaction`,
    load: async () => (await import('./commands/config.js')).applyCommand,
  },
  test: {
    usage: `  test -f vigil.yaml [--only KEY]... [--allow-cidr CIDR]... [--json]
                                             run the file's http, tcp and dns monitors once from here, before
                                             deploying (exit 0 all pass, 1 a failure or an error); public
                                             addresses only, plus each network given with --allow-cidr`,
    load: async () => (await import('./commands/test-file.js')).testCommand,
  },
  export: {
    usage: `  export [--json]                            the account as a document (vigil export > vigil.yaml)`,
    load: async () => (await import('./commands/config.js')).exportCommand,
  },
};

const FOOTER = `Configuration comes from the environment (DATABASE_URL, REDIS_URL, PORT, ...; plan, apply and export: VIGIL_API_URL and VIGIL_KEY; test needs neither); see README.md.`;

export const USAGE = `Usage: vigil <command>

${Object.values(COMMANDS)
  .map((c) => c.usage)
  .join('\n')}
  --version                                  print the version

${FOOTER}`;

function commandUsage(name: string, spec: CommandSpec): string {
  return `Usage: vigil ${name} ...\n\n${spec.usage}\n\n${FOOTER}`;
}

/** The version of the installed CLI (its package.json, one level above src/ and dist/). */
export function cliVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string' ? pkg.version : 'unknown';
}

const isHelp = (arg: string | undefined) => arg === '--help' || arg === '-h' || arg === 'help';

/** Runs one CLI invocation and returns its exit code. */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [command, ...args] = argv;
  const json = args.includes('--json');
  const spec = command === undefined ? undefined : COMMANDS[command];
  try {
    if (command === undefined || isHelp(command)) {
      io.out(USAGE);
      return command === undefined ? 2 : 0;
    }
    if (command === '--version' || command === '-v' || command === 'version') {
      io.out(`vigil ${cliVersion()}`);
      return 0;
    }
    if (!spec || !Object.hasOwn(COMMANDS, command)) throw new UsageError(`Unknown command: ${command}`);
    if (args.some(isHelp)) {
      io.out(commandUsage(command, spec));
      return 0;
    }
    return await (await spec.load())(args, io);
  } catch (e) {
    // Read fields rather than test `instanceof Error`: node's own errors may come from another realm.
    const { name, message: text, code } = errorFields(e);
    const usage = e instanceof UsageError || code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
    const message = usage || e instanceof CommandError || (await isServiceError(e)) ? text : `${name}: ${text}`;
    if (json) io.out(jsonLine({ error: message }));
    io.err(`vigil: ${message}`);
    if (usage) io.err(spec ? commandUsage(command ?? '', spec) : USAGE);
    return usage ? 2 : 1;
  }
}

/** Errors whose message is written for the user (core's typed errors, configuration errors). */
async function isServiceError(e: unknown): Promise<boolean> {
  const { ConfigError, VigilError } = await import('@vigil/core/admin');
  return e instanceof VigilError || e instanceof ConfigError;
}

function errorFields(e: unknown): { name: string; message: string; code: unknown } {
  if (typeof e !== 'object' || e === null) return { name: 'Error', message: String(e), code: undefined };
  const field = (key: string) => Reflect.get(e, key);
  return { name: String(field('name') ?? 'Error'), message: String(field('message') ?? e), code: field('code') };
}
