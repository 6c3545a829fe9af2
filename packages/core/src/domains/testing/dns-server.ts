import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';

/** Records by lower-case name; tests change them while the server runs. */
export type DnsZone = Map<string, { A?: string[]; TXT?: string[][] }>;

export interface LoopbackDns {
  /** `127.0.0.1:<port>`, for VIGIL_DNS_SERVERS. */
  server: string;
  zone: DnsZone;
  /** Questions seen, as `TYPE name`. */
  queries: string[];
  close(): Promise<void>;
}

const NXDOMAIN = 3;

/**
 * A UDP DNS server on 127.0.0.1 answering A and TXT from a mutable zone (test support: TXT
 * verification records and names that point at loopback TLS servers). Known names without
 * the asked type answer NOERROR with no data; unknown names NXDOMAIN.
 */
export async function startLoopbackDns(zone: DnsZone = new Map()): Promise<LoopbackDns> {
  const socket = dgram.createSocket('udp4');
  const queries: string[] = [];
  socket.on('message', (msg, rinfo) => {
    const query = dnsPacket.decode(msg);
    const question = query.questions?.[0];
    if (!question) return;
    queries.push(`${question.type} ${question.name}`);
    const known = zone.get(question.name.toLowerCase());
    const answers: dnsPacket.Answer[] = [];
    if (known && question.type === 'A') {
      for (const address of known.A ?? []) answers.push({ type: 'A', name: question.name, ttl: 1, class: 'IN', data: address });
    }
    if (known && question.type === 'TXT') {
      for (const chunks of known.TXT ?? []) answers.push({ type: 'TXT', name: question.name, ttl: 1, class: 'IN', data: chunks });
    }
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
