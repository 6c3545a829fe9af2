import type { Socket } from 'node:net';

/** Node's own answers to requests it cannot parse, with the API's JSON body. */
const ANSWERS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'Request header fields too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'Request timeout'],
};
const BAD_REQUEST: [number, string, string] = [400, 'Bad Request', 'Bad request'];

/** The raw HTTP/1.1 answer to a request the parser refused (status line, headers, JSON body). */
export function clientErrorResponse(code: string | undefined): string {
  const [status, text, message] = (code && ANSWERS[code]) || BAD_REQUEST;
  const body = JSON.stringify({ error: message });
  return [
    `HTTP/1.1 ${status} ${text}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * The server's `clientError` listener: malformed requests and oversized headers get a JSON
 * body like every other error (Node's default answers have none). A socket already gone is
 * just closed.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(err.code));
}
