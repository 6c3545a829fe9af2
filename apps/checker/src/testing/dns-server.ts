import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import dnsPacket from 'dns-packet';

export type DnsRecords = Record<string, { A?: string[]; AAAA?: string[] }>;

/** A UDP DNS server on 127.0.0.1 answering A/AAAA from `records`; unknown names get NXDOMAIN. */
export async function startDnsServer(records: DnsRecords): Promise<{ server: string; queries: string[]; close(): Promise<void> }> {
  const socket = dgram.createSocket('udp4');
  const queries: string[] = [];
  socket.on('message', (msg, rinfo) => {
    const query = dnsPacket.decode(msg);
    const question = query.questions?.[0];
    if (!question) return;
    queries.push(`${question.type} ${question.name}`);
    const known = records[question.name.toLowerCase()];
    const type = question.type === 'A' || question.type === 'AAAA' ? question.type : null;
    const data = (type && known?.[type]) || [];
    const NXDOMAIN = 3;
    const answer = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (known ? 0 : NXDOMAIN),
      questions: query.questions,
      answers: data.map((address) => ({ type: type as 'A', name: question.name, ttl: 60, class: 'IN' as const, data: address })),
    });
    socket.send(answer, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
