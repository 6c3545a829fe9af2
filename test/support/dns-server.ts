import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
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
  close(): Promise<void>;
}

const NXDOMAIN = 3;

/**
 * A UDP DNS server on 127.0.0.1 answering A, AAAA, TXT, CNAME, NS, MX, CAA and SOA from `records` (a Map is used as
 * the live zone; a plain object is copied into one). Known names without the asked type
 * answer NOERROR with no data; unknown names NXDOMAIN. Answers have a TTL of 1 s, so a test
 * that changes the zone is not served an old answer for long.
 */
export async function startDnsServer(records: DnsZone | Record<string, DnsRecordSet> = new Map()): Promise<LoopbackDns> {
  const zone: DnsZone = records instanceof Map ? records : new Map(Object.entries(records));
  const socket = dgram.createSocket('udp4');
  const queries: string[] = [];
  socket.on('message', (msg, rinfo) => {
    const query = dnsPacket.decode(msg);
    const question = query.questions?.[0];
    if (!question) return;
    queries.push(`${question.type} ${question.name}`);
    const known = zone.get(question.name.toLowerCase());
    const answers: dnsPacket.Answer[] = [];
    const base = { name: question.name, ttl: 1, class: 'IN' as const };
    if (known && question.type === 'A') for (const data of known.A ?? []) answers.push({ ...base, type: 'A', data });
    if (known && question.type === 'AAAA') for (const data of known.AAAA ?? []) answers.push({ ...base, type: 'AAAA', data });
    if (known && question.type === 'TXT') for (const data of known.TXT ?? []) answers.push({ ...base, type: 'TXT', data });
    if (known && question.type === 'CNAME') for (const data of known.CNAME ?? []) answers.push({ ...base, type: 'CNAME', data });
    if (known && question.type === 'NS') for (const data of known.NS ?? []) answers.push({ ...base, type: 'NS', data });
    if (known && question.type === 'MX') for (const data of known.MX ?? []) answers.push({ ...base, type: 'MX', data });
    if (known && question.type === 'CAA') for (const data of known.CAA ?? []) answers.push({ ...base, type: 'CAA', data });
    if (known && question.type === 'SOA') for (const data of known.SOA ?? []) answers.push({ ...base, type: 'SOA', data });
    const answer = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (known ? 0 : NXDOMAIN),
      questions: query.questions,
      answers,
    });
    socket.send(answer, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    zone,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
