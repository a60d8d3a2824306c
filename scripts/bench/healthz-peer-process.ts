// The peer of bench-load's health probe (healthz-peer.ts), in a process of its own: a Node HTTP server
// that answers /api/healthz and does nothing else, so its answer times are what the machine alone costs.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const server = createServer((request, response) => {
  response.writeHead(request.url === '/api/healthz' ? 200 : 404, { 'content-type': 'text/plain' });
  response.end('ok');
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
// Its parent gone (a failed run), nothing would probe it: end with it.
process.on('disconnect', () => process.exit(0));
