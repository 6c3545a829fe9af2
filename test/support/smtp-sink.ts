import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message; `rejectRcpt` refuses an address with a reply code. */
export async function startSmtpSink(opts: { rejectRcpt?: (address: string) => number | undefined } = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const code = opts.rejectRcpt?.(address.address);
      if (code) {
        const err = Object.assign(new Error(`Recipient ${address.address} refused`), { responseCode: code });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([^\s;]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The decoded text/plain and text/html parts and the top-level headers of a raw message. */
export function parseMail(raw: string): { headers: string; text: string; html: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const parts = boundary
    ? body.split(`--${boundary}`).slice(1, -1).map((p) => p.replace(/^\r\n/, ''))
    : [`${headers}\r\n\r\n${body}`];
  let text = '';
  let html = '';
  for (const part of parts) {
    const i = part.indexOf('\r\n\r\n');
    const h = part.slice(0, i);
    const b = decodePart(h, part.slice(i + 4));
    if (/content-type:\s*text\/plain/i.test(h)) text = b;
    else if (/content-type:\s*text\/html/i.test(h)) html = b;
  }
  return { headers, text, html };
}
