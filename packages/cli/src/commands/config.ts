import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { CommandError, jsonLine, type CliIo } from '../cli-io.js';
import { configApi, documentBody } from '../config/config-api.js';
import { loadDocument, redact } from '../config/load-document.js';
import { hasChanges, renderPlan, type PlanAnswer } from '../config/render-plan.js';

/** `vigil plan` exit codes, for CI: no changes, changes (drift), error. */
export const PLAN_EXIT = { unchanged: 0, error: 1, changes: 2 } as const;

/** Options of the config commands; a mistake is an error (exit 1): exit 2 means "changes" for plan. */
function options(args: string[], command: 'plan' | 'apply') {
  let values;
  try {
    values = parseArgs({ args, options: { file: { type: 'string', short: 'f' }, prune: { type: 'boolean' }, json: { type: 'boolean' }, yes: { type: 'boolean' } }, strict: true }).values;
  } catch (e) {
    throw new CommandError(e instanceof Error ? e.message : String(e));
  }
  if (command === 'plan' && values.yes) throw new CommandError("Unknown option '--yes' (plan changes nothing)");
  return values;
}

function fileOf(values: { file?: string | boolean }): string {
  if (typeof values.file !== 'string' || !values.file) throw new CommandError('give the document with -f vigil.yaml');
  return values.file;
}

function print(io: CliIo, plan: PlanAnswer, secrets: Map<string, string>, json: boolean): void {
  io.out(redact(json ? jsonLine(plan) : renderPlan(plan), secrets));
}

/** vigil plan -f vigil.yaml [--prune] [--json]: what apply would change; exit 0 none, 2 some, 1 error. */
export async function planCommand(args: string[], io: CliIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const values = options(args, 'plan');
  const { document, secrets } = await loadDocument(fileOf(values), env);
  const plan = await configApi(env).plan(documentBody(document), { prune: values.prune === true });
  print(io, plan, secrets, values.json === true);
  return hasChanges(plan) ? PLAN_EXIT.changes : PLAN_EXIT.unchanged;
}

async function confirmed(io: CliIo): Promise<boolean> {
  if (!process.stdin.isTTY) throw new CommandError('not applying without --yes: stdin is not a terminal to confirm on');
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await rl.question('Apply these changes? Only "yes" applies: ')).trim() === 'yes';
  } finally {
    rl.close();
    io.err('');
  }
}

/**
 * vigil apply -f vigil.yaml [--prune] [--yes]: plans, shows the plan, and (after "yes", or at
 * once with --yes) applies exactly that plan: the fingerprint makes the API refuse (409) if the
 * account changed in between.
 */
export async function applyCommand(args: string[], io: CliIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const values = options(args, 'apply');
  const { document, secrets } = await loadDocument(fileOf(values), env);
  const api = configApi(env);
  const body = documentBody(document);
  const prune = values.prune === true;
  const plan = await api.plan(body, { prune });
  if (!hasChanges(plan)) {
    print(io, plan, secrets, values.json === true);
    return 0;
  }
  if (!values.yes) {
    io.err(redact(renderPlan(plan), secrets));
    if (!(await confirmed(io))) throw new CommandError('not applied');
  }
  const applied = await api.apply(body, { prune, fingerprint: plan.fingerprint });
  print(io, applied, secrets, values.json === true);
  return 0;
}

/** vigil export [--json] > vigil.yaml: the account as a document (secrets masked: replace them with ${env:NAME}). */
export async function exportCommand(args: string[], io: CliIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const values = parseArgs({ args, options: { json: { type: 'boolean' } }, strict: true }).values;
  const doc = await configApi(env).export();
  if (values.json) {
    io.out(JSON.stringify(doc, null, 2));
    return 0;
  }
  const schemaUrl = `${String(env.VIGIL_API_URL).replace(/\/+$/, '')}/api/v1/config/schema`;
  io.out(`# yaml-language-server: $schema=${schemaUrl}\n${stringify(doc)}`.trimEnd());
  return 0;
}
