import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LabHttp } from './lab-http';

// The boot route answers a file with a redirect to the asset server: the lab's hosts follow it as iPXE does.
let server: Server;
let base = '';
const http = new LabHttp();

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/boot/assets/p/vmlinuz') {
      res.writeHead(307, { location: '/a/signed/vmlinuz', 'content-length': 0 });
      res.end();
    } else if (req.url === '/loop') {
      res.writeHead(307, { location: '/loop', 'content-length': 0 });
      res.end();
    } else {
      res.end(`${req.method ?? ''} ${req.url ?? ''}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  http.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe('LabHttp', () => {
  it("follows a GET's redirect to where it points, counting that body", async () => {
    const reply = await http.request(`${base}/boot/assets/p/vmlinuz`, { as: 'text' });
    expect(reply).toEqual({
      status: 200,
      bytes: 'GET /a/signed/vmlinuz'.length,
      text: 'GET /a/signed/vmlinuz',
    });
  });

  it('stops after five redirects, answering the last', async () => {
    expect((await http.request(`${base}/loop`)).status).toBe(307);
  });

  it("does not follow a POST's redirect", async () => {
    expect((await http.request(`${base}/boot/assets/p/vmlinuz`, { method: 'POST', body: 'x' })).status).toBe(
      307,
    );
  });
});
