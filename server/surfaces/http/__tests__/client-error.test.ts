import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientError } from '../client-error';

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.end('ok'));
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function exchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  return { status: Number(head!.split(' ')[1]), head: head!, body: JSON.parse(body!) as { detail: string } };
}

describe('requests refused by the HTTP parser', () => {
  it('answers a head over the size limit with 431 and a detail', async () => {
    const answer = parse(await exchange(`GET /api/v1/health?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.head).toMatch(/content-type: application\/json/i);
    expect(answer.body.detail).toMatch(/^Request Header Fields Too Large: .* at most \d+ KB$/);
  });

  it('answers bytes that are not HTTP with 400 and a detail', async () => {
    const answer = parse(await exchange('HELLO THERE\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toMatch(/^Bad Request/);
  });

  it('answers the bytes after a short Content-Length with 400 once the first request is served', async () => {
    const answer = await exchange('POST / HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\n{"a":1,"b":2}');
    expect(answer.startsWith('HTTP/1.1 200')).toBe(true);
    const refusal = answer.slice(answer.indexOf('HTTP/1.1 400'));
    expect(parse(refusal).body.detail).toMatch(/^Bad Request/);
  });
});
