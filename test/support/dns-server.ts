import dgram from 'node:dgram';
import net, { type AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';

/** The records of one name: addresses, TXT records as their character-strings, and the other types dns monitors ask for. */
export interface DnsRecordSet {
  A?: string[];
  AAAA?: string[];
  TXT?: string[][];
  CNAME?: string[];
  NS?: string[];
  MX?: { preference: number; exchange: string }[];
  CAA?: { flags: number; tag: 'issue' | 'issuewild' | 'iodef'; value: string }[];
  SOA?: { mname: string; rname: string; serial: number; refresh: number; retry: number; expire: number; minimum: number }[];
}

/** Records by lower-case name; tests may change them while the server runs. */
export type DnsZone = Map<string, DnsRecordSet>;

export interface LoopbackDns {
  /** `127.0.0.1:<port>`, for VIGIL_DNS_SERVERS (or an OutboundPolicy's dnsServers). */
  server: string;
  zone: DnsZone;
  /** Questions seen, as `TYPE name`. */
  queries: string[];
  /** Where each question came from, as `udp <address>` or `tcp <address>` (the source address a client bound). */
  sources: string[];
  close(): Promise<void>;
}

export interface DnsServerOptions {
  /**
   * Answer every UDP question with an empty truncated answer (TC set) and the real one over TCP
   * on the same port, as a server with answers too large for UDP: clients retry over TCP.
   */
  truncateUdp?: boolean;
}

const NXDOMAIN = 3;

/** The answer to one query from the zone; null for a query without a question. */
function answerFrom(zone: DnsZone, query: dnsPacket.Packet, truncated: boolean): dnsPacket.Packet | null {
  const question = query.questions?.[0];
  if (!question) return null;
  const known = zone.get(question.name.toLowerCase());
  const answers: dnsPacket.Answer[] = [];
  const base = { name: question.name, ttl: 1, class: 'IN' as const };
  if (known && !truncated) {
    if (question.type === 'A') for (const data of known.A ?? []) answers.push({ ...base, type: 'A', data });
    if (question.type === 'AAAA') for (const data of known.AAAA ?? []) answers.push({ ...base, type: 'AAAA', data });
    if (question.type === 'TXT') for (const data of known.TXT ?? []) answers.push({ ...base, type: 'TXT', data });
    if (question.type === 'CNAME') for (const data of known.CNAME ?? []) answers.push({ ...base, type: 'CNAME', data });
    if (question.type === 'NS') for (const data of known.NS ?? []) answers.push({ ...base, type: 'NS', data });
    if (question.type === 'MX') for (const data of known.MX ?? []) answers.push({ ...base, type: 'MX', data });
    if (question.type === 'CAA') for (const data of known.CAA ?? []) answers.push({ ...base, type: 'CAA', data });
    if (question.type === 'SOA') for (const data of known.SOA ?? []) answers.push({ ...base, type: 'SOA', data });
  }
  return {
    type: 'response',
    id: query.id,
    flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (truncated ? dnsPacket.TRUNCATED_RESPONSE : 0) | (known ? 0 : NXDOMAIN),
    questions: query.questions,
    answers,
  };
}

/**
 * A DNS server on 127.0.0.1 answering A, AAAA, TXT, CNAME, NS, MX, CAA and SOA from `records` (a Map is used as
 * the live zone; a plain object is copied into one), over UDP (and TCP with `truncateUdp`). Known names without the asked type
 * answer NOERROR with no data; unknown names NXDOMAIN. Answers have a TTL of 1 s, so a test
 * that changes the zone is not served an old answer for long.
 */
export async function startDnsServer(records: DnsZone | Record<string, DnsRecordSet> = new Map(), opts: DnsServerOptions = {}): Promise<LoopbackDns> {
  const zone: DnsZone = records instanceof Map ? records : new Map(Object.entries(records));
  const queries: string[] = [];
  const sources: string[] = [];
  const seen = (query: dnsPacket.Packet, transport: 'udp' | 'tcp', address: string | undefined) => {
    const question = query.questions?.[0];
    if (!question) return;
    queries.push(`${question.type} ${question.name}`);
    sources.push(`${transport} ${(address ?? '').replace(/^::ffff:/, '')}`);
  };
  const udp = () => {
    const socket = dgram.createSocket('udp4');
    socket.on('message', (msg, rinfo) => {
      const query = dnsPacket.decode(msg);
      seen(query, 'udp', rinfo.address);
      const answer = answerFrom(zone, query, opts.truncateUdp === true);
      if (answer) socket.send(dnsPacket.encode(answer), rinfo.port, rinfo.address);
    });
    return socket;
  };
  const tcp = opts.truncateUdp ? net.createServer((conn) => {
    let buffered = Buffer.alloc(0);
    conn.on('error', () => conn.destroy());
    conn.on('data', (d: Buffer) => {
      buffered = Buffer.concat([buffered, d]);
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const query = dnsPacket.streamDecode(buffered);
        buffered = buffered.subarray(2 + buffered.readUInt16BE(0));
        seen(query, 'tcp', conn.remoteAddress);
        const answer = answerFrom(zone, query, false);
        if (answer) conn.write(dnsPacket.streamEncode(answer));
      }
    });
  }) : null;
  // TCP on the port UDP got (the same number for both, as a resolver expects); another port if TCP's is taken.
  let socket = udp();
  for (let attempt = 0; ; attempt++) {
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const bound = (socket.address() as AddressInfo).port;
    const listening = tcp ? await new Promise<boolean>((resolve) => tcp.once('error', () => resolve(false)).listen(bound, '127.0.0.1', () => resolve(true))) : true;
    if (listening || attempt === 4) break;
    await new Promise<void>((resolve) => socket.close(() => resolve()));
    socket = udp();
  }
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    zone,
    queries,
    sources,
    async close() {
      if (tcp) await new Promise<void>((resolve) => tcp.close(() => resolve()));
      await new Promise<void>((resolve) => socket.close(() => resolve()));
    },
  };
}
