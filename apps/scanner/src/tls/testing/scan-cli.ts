/**
 * Runs one scan and prints the report as JSON: `tsx scan-cli.ts HOST PORT`. Tests run it in a
 * child process when the scan needs an environment fixed at process start (NODE_EXTRA_CA_CERTS).
 */
import { scanTls } from '../scan.js';

const [host, port] = process.argv.slice(2);
const report = await scanTls({ host, port: Number(port), policy: { allowPrivate: true, dnsServers: [] }, timeoutMs: 5_000 });
process.stdout.write(JSON.stringify(report));
