import { createServer } from 'node:net';
import { listen } from '../../server/http/listen';

/** Fails with the same one-line message the server gives, before anything slow has started. */
export async function checkPortFree(host: string, port: number): Promise<void> {
  const probe = createServer();
  await listen(probe, host, port);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}
