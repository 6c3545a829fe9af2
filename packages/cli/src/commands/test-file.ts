import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { maskMonitorUrl, PRIVATE_TARGETS_HINT } from '@vigil/core';
import { CommandError, jsonLine, type CliIo } from '../cli-io.js';
import { loadDocument, redact } from '../config/load-document.js';
import { loadFileProbe, type FileProbe, type ProbeOutcome } from '../config/load-probe.js';

/** Checks run at once (each one connection; a file of many monitors does not wait for each in turn). */
const CONCURRENCY = 8;

const HINT = '; to reach a private network from here, give it with --allow-cidr (e.g. --allow-cidr 10.0.0.0/8)';

/** One monitor of the file as `vigil test` reports it. */
export interface TestReport {
  key: string;
  type: string;
  /** What it checks, user info masked. */
  target: string;
  outcome: 'pass' | 'fail' | 'error' | 'skip';
  /** The check's time (its response time when it passed, else the time until it failed). */
  ms: number | null;
  status_code: number | null;
  timings: Record<string, number | null> | null;
  error: string | null;
}

interface Entry {
  key: string;
  path: string;
  fields: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A network in CIDR notation (`10.0.0.0/8`, `fd00::/8`), as a location's allowed_cidrs takes it. */
export function isCidr(text: string): boolean {
  const [ip = '', bits, ...rest] = text.split('/');
  const family = net.isIP(ip);
  if (!family || bits === undefined || rest.length || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

function options(args: string[]) {
  let values;
  try {
    values = parseArgs({
      args,
      options: { file: { type: 'string', short: 'f' }, only: { type: 'string', multiple: true }, 'allow-cidr': { type: 'string', multiple: true }, json: { type: 'boolean' } },
      strict: true,
    }).values;
  } catch (e) {
    throw new CommandError(e instanceof Error ? e.message : String(e));
  }
  if (typeof values.file !== 'string' || !values.file) throw new CommandError('give the document with -f vigil.yaml');
  const cidrs = values['allow-cidr'] ?? [];
  const bad = cidrs.find((c) => !isCidr(c));
  if (bad !== undefined) throw new CommandError(`--allow-cidr ${bad}: not a network in CIDR notation (e.g. 10.0.0.0/8 or fd00::/8)`);
  return { file: values.file, only: values.only ?? [], cidrs, json: values.json === true };
}

/** The file's monitor entries, those `--only` names when given (a key the file does not have is an error). */
function monitorsOf(document: unknown, only: readonly string[]): Entry[] {
  const list = isObject(document) ? document.monitors : undefined;
  if (list !== undefined && list !== null && !Array.isArray(list)) throw new CommandError('monitors: must be a list');
  const entries = (Array.isArray(list) ? list : []).map((item: unknown, i): Entry => {
    const path = `monitors[${i}]`;
    if (!isObject(item)) throw new CommandError(`${path}: must be an object`);
    const { key, ...fields } = item;
    if (typeof key !== 'string') throw new CommandError(`${path}.key: must be a string`);
    return { key, path, fields };
  });
  const missing = only.find((k) => !entries.some((e) => e.key === k));
  if (missing !== undefined) throw new CommandError(`--only ${missing}: the file has no monitor with this key`);
  return only.length ? entries.filter((e) => only.includes(e.key)) : entries;
}

/** What an entry checks, for the report (user info masked). */
function targetText(fields: Record<string, unknown>): string {
  if (typeof fields.url === 'string') return maskMonitorUrl(fields.url);
  const config = isObject(fields.config) ? fields.config : {};
  if (fields.type === 'tcp') return `${String(config.host)}:${String(config.port)}`;
  if (fields.type === 'dns') return `${String(config.name)} ${String(config.record_type ?? 'A')}`;
  return '';
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function testOne(probe: FileProbe, e: Entry): Promise<TestReport> {
  const type = typeof e.fields.type === 'string' ? e.fields.type : 'http';
  const report = { key: e.key, type, target: targetText(e.fields), ms: null, status_code: null, timings: null, error: null };
  let target: unknown;
  try {
    target = probe.targetOf(e.fields);
  } catch (err) {
    return { ...report, outcome: 'error', error: messageOf(err) };
  }
  if (target === null) return { ...report, outcome: 'skip', error: `a ${type} monitor is not tested from here (http, tcp and dns are)` };
  const started = performance.now();
  let result: ProbeOutcome;
  try {
    result = await probe.probe(target);
  } catch (err) {
    return { ...report, outcome: 'error', error: messageOf(err) };
  }
  const ms = result.response_time_ms ?? Math.round(performance.now() - started);
  const error = result.error === null ? null : result.error.replace(PRIVATE_TARGETS_HINT, HINT);
  return { ...report, outcome: result.status === 'success' ? 'pass' : 'fail', ms, status_code: result.status_code, timings: result.timings, error };
}

/** The reports in the file's order, CONCURRENCY checks at a time. */
async function testAll(probe: FileProbe, entries: readonly Entry[]): Promise<TestReport[]> {
  const reports: TestReport[] = new Array<TestReport>(entries.length);
  let next = 0;
  const lane = async () => {
    while (next < entries.length) {
      const i = next++;
      reports[i] = await testOne(probe, entries[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, entries.length) }, lane));
  return reports;
}

const LABEL = { pass: 'PASS ', fail: 'FAIL ', error: 'ERROR', skip: 'SKIP ' } as const;

function line(r: TestReport): string {
  const head = `${LABEL[r.outcome]} ${r.key} (${r.type}${r.target ? ` ${r.target}` : ''})`;
  if (r.outcome === 'error' || r.outcome === 'skip') return `${head}: ${r.error ?? ''}`;
  const phases = Object.entries(r.timings ?? {}).flatMap(([k, v]) => (v === null ? [] : [`${k.replace('_', ' ')} ${v} ms`]));
  const time = `${r.status_code !== null ? `${r.status_code} ` : ''}in ${r.ms ?? 0} ms${phases.length ? ` (${phases.join(', ')})` : ''}`;
  return r.outcome === 'pass' ? `${head}: ${time}` : `${head}: ${r.error ?? 'failed'} (${time})`;
}

function summaryOf(reports: readonly TestReport[]) {
  const count = (o: TestReport['outcome']) => reports.filter((r) => r.outcome === o).length;
  return { passed: count('pass'), failed: count('fail'), errors: count('error'), skipped: count('skip') };
}

/**
 * vigil test -f vigil.yaml [--only KEY]... [--allow-cidr CIDR]... [--json]: runs the file's
 * http, tcp and dns monitors once, from here, before anything is deployed (no API call), with
 * the checker's own probers and judgement; prints pass or fail and the time of each. Exit 0
 * when every one passed, 1 when one failed or could not be run. Every connection goes through
 * the outbound guard of a public location (public addresses only) plus the networks given
 * with --allow-cidr, as a private location's allowed_cidrs. `${env:NAME}` references are
 * resolved as for plan and apply, and their values never printed.
 */
export async function testCommand(args: string[], io: CliIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const opts = options(args);
  const { document, secrets } = await loadDocument(opts.file, env);
  const entries = monitorsOf(document, opts.only);
  // Never printed: the values of ${env:...} references, and the user info of a URL (in a failure's text too).
  const hidden = new Map(secrets);
  for (const e of entries) {
    if (typeof e.fields.url === 'string' && maskMonitorUrl(e.fields.url) !== e.fields.url) hidden.set(e.fields.url, maskMonitorUrl(e.fields.url));
  }
  const probe = await loadFileProbe(opts.cidrs);
  let reports: TestReport[];
  try {
    reports = await testAll(probe, entries);
  } finally {
    probe.close();
  }
  const summary = summaryOf(reports);
  if (opts.json) io.out(redact(jsonLine({ results: reports, summary }), hidden));
  else {
    for (const r of reports) io.out(redact(line(r), hidden));
    io.out(`Tested ${reports.length} monitor${reports.length === 1 ? '' : 's'}: ${summary.passed} passed, ${summary.failed} failed, ${summary.errors} errors, ${summary.skipped} skipped.`);
  }
  return summary.failed + summary.errors > 0 ? 1 : 0;
}
