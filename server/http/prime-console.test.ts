import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ownOrigin, primeConsole } from './prime-console';

describe('ownOrigin', () => {
  it.each([
    ['127.0.0.1', 'http://127.0.0.1:3000'],
    ['0.0.0.0', 'http://127.0.0.1:3000'],
    ['::', 'http://[::1]:3000'],
    ['::1', 'http://[::1]:3000'],
    ['10.0.0.5', 'http://10.0.0.5:3000'],
    ['console.example.com', 'http://console.example.com:3000'],
  ])('%s', (host, origin) => {
    expect(ownOrigin(host, 3000)).toBe(origin);
  });
});

describe('primeConsole', () => {
  async function serve(status: number) {
    const paths: string[] = [];
    const server = createServer((req, res) => {
      paths.push(req.url ?? '');
      res.writeHead(status).end('<html></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { origin: `http://127.0.0.1:${port}`, paths, close: () => server.close() };
  }

  it('renders the sign-in page once', async () => {
    const console = await serve(200);
    try {
      await primeConsole(console.origin, 5_000);
      expect(console.paths).toEqual(['/login']);
    } finally {
      console.close();
    }
  });

  it('fails when the page does not render', async () => {
    const console = await serve(503);
    try {
      await expect(primeConsole(console.origin, 5_000)).rejects.toThrow('GET /login answered 503');
    } finally {
      console.close();
    }
  });
});
