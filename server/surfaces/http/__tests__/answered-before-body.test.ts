import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createFrontServer } from '../front';

// Served as the front serves everything: a POST to /refuse is answered from its headers alone (as a route
// refusing a caller without a token is), one to /read after reading its whole body.
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = createFrontServer(
    (req, res) => {
      if (req.url === '/refuse') return void res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"detail":"Invalid or expired token"}');
      req.resume().on('end', () => res.end('{"read":true}'));
    },
    { proxyHops: 0, appUrlConfigured: true },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** Sends a chunked body 64 KB at a time, up to `maxMb`, until the server closes the connection. */
function sendChunked(path: string, maxMb: number): Promise<{ head: string; sentMb: number; closedByServer: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunk = `${(64 * 1024).toString(16)}\r\n${'a'.repeat(64 * 1024)}\r\n`;
    let head = '';
    let sent = 0;
    let done = false;
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ head, sentMb: sent / 16, closedByServer });
    };
    socket.on('data', (data) => (head += data.toString()));
    socket.on('end', () => finish(true));
    socket.on('error', () => finish(true));
    const pump = () => {
      while (!done && sent < maxMb * 16) {
        sent++;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      if (!done) socket.end('0\r\n\r\n');
    };
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    pump();
    socket.setTimeout(5_000, () => finish(false));
  });
}

it('closes the connection of a request answered before its body arrived, instead of reading the rest', async () => {
  const { head, sentMb, closedByServer } = await sendChunked('/refuse', 500);
  expect(head).toMatch(/^HTTP\/1\.1 401 /);
  expect(head).toMatch(/\r\nConnection: close\r\n/i);
  expect(closedByServer, 'the server ended the connection').toBe(true);
  expect(sentMb, 'MB the client could send, of 500').toBeLessThan(100);
});

it('keeps the connection of a request whose body was read before its answer', async () => {
  const { head } = await sendChunked('/read', 1);
  expect(head).toMatch(/^HTTP\/1\.1 200 /);
  expect(head).toMatch(/\r\nConnection: keep-alive\r\n/i);
});

/** Sends the head of a request expecting 100-continue, then its body only if told to continue. */
function sendExpectingContinue(path: string, bodyBytes: number): Promise<{ answer: string; sentBody: boolean; closedByServer: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sentBody = false;
    let done = false;
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ answer, sentBody, closedByServer });
    };
    socket.on('data', (data) => {
      answer += data.toString();
      if (!sentBody && answer.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) {
        sentBody = true;
        socket.write('a'.repeat(bodyBytes));
      }
      if (answer.endsWith('{"read":true}')) finish(false);
    });
    socket.on('end', () => finish(true));
    socket.on('error', () => finish(true));
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bodyBytes}\r\nExpect: 100-continue\r\n\r\n`);
    socket.setTimeout(5_000, () => finish(false));
  });
}

it('answers a request expecting 100-continue from its headers before the client sends its body', async () => {
  const { answer, sentBody, closedByServer } = await sendExpectingContinue('/refuse', 10_000_000);
  expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  expect(answer).not.toMatch(/100 Continue/);
  expect(sentBody, 'the client was never told to send its body').toBe(false);
  expect(closedByServer).toBe(true);
});

it('tells a client expecting 100-continue to send its body once the body is read', async () => {
  const { answer, sentBody } = await sendExpectingContinue('/read', 1_000);
  expect(sentBody).toBe(true);
  expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
  expect(answer.endsWith('{"read":true}')).toBe(true);
});

it('keeps the connection of a request expecting 100-continue that has no body', async () => {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  const request = `POST /read HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n`;
  const both = new Promise<void>((resolve) => {
    socket.on('data', (data) => {
      answer += data.toString();
      if (answer.split('{"read":true}').length === 3) resolve();
    });
    socket.on('close', () => resolve());
  });
  socket.write(request + request);
  await both;
  socket.destroy();
  expect(answer.split('{"read":true}')).toHaveLength(3);
  expect(answer).not.toMatch(/Connection: close/i);
});
