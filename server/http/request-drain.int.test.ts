// RequestDrain on a real HTTP server over loopback, with a kept-alive client connection, as a stopping
// replica sees it: the request in flight is answered and closes its connection, and drain() resolves
// only after that answer.
import { createServer, request, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { listen } from './listen';
import { RequestDrain } from './request-drain';

const agent = new Agent({ keepAlive: true });
afterAll(() => {
  agent.destroy();
});

function get(port: number, path = '/'): Promise<IncomingMessage & { body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(Object.assign(res, { body })));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('RequestDrain', () => {
  it('waits for the request in flight, closes its kept-alive connection, and accepts no new one', async () => {
    const drain = new RequestDrain();
    const waiting: ServerResponse[] = [];
    let arrived: () => void = () => undefined;
    const server = createServer((req, res) => {
      drain.track(res);
      if (req.url === '/slow') {
        waiting.push(res);
        arrived();
      } else res.end('ok');
    });
    await listen(server, '127.0.0.1', 0);
    const port = (server.address() as { port: number }).port;

    // A first request leaves a kept-alive connection, as a polling console does.
    const first = await get(port);
    expect(first.headers.connection).toBe('keep-alive');
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    const second = get(port, '/slow');
    await inFlight;

    server.close();
    let drained = false;
    const draining = drain.drain(server).then(() => (drained = true));
    // The answer is still owed, so draining cannot have ended.
    await Promise.resolve();
    expect(drained).toBe(false);
    waiting[0]?.end('late but whole');
    const answer = await second;
    await draining;
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('late but whole');
    expect(answer.headers.connection).toBe('close');
    await expect(get(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
