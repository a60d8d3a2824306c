/** The boot service's HTTP plumbing: who is asking, iPXE-readable answers, and bounded request bodies. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { normalizeMac } from '../schemas/mac-address';
import { errorScript, LOOP_DELAY_SECONDS, type BootScriptKind } from './ipxe-scripts';

/** The peer's address (IPv4-mapped IPv6 unwrapped): what a MAC is bound to. Never a header. */
export function clientIp(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

export function send(
  res: ServerResponse,
  status: number,
  body: string,
  kind?: BootScriptKind,
  extra: Record<string, string> = {},
): void {
  const headers: Record<string, string | number> = {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...extra,
  };
  if (kind) headers['x-rackpilot-boot'] = kind;
  res.writeHead(status, headers);
  res.end(body);
}

/** The request's `mac` parameter, normalised; or a 400 sent and undefined. */
export function macOr400(res: ServerResponse, query: URLSearchParams): string | undefined {
  const raw = query.get('mac');
  const mac = raw === null ? undefined : normalizeMac(raw);
  if (!mac) {
    send(
      res,
      400,
      errorScript(
        raw === null || raw === '' ? 'missing mac parameter' : `not a MAC address: ${raw.slice(0, 40)}`,
        'reboot',
        10,
      ),
      'error',
    );
  }
  return mac;
}

/** Answers a request that is too large and closes the connection, so its body is never read. */
export function sendTooLarge(res: ServerResponse, status: 413 | 414, what: string): void {
  send(res, status, errorScript(`${what} too large`, 'reboot', LOOP_DELAY_SECONDS), 'error', {
    connection: 'close',
  });
}

/** The body, or undefined once it exceeds `limit` bytes (the rest is left unread). */
export function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else {
        req.pause();
        resolve(undefined);
      }
    });
    req.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

/** Database errors on the boot path degrade to the loop script: the host simply asks again. */
export async function tryDb<T>(log: (line: string) => void, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    log(
      `boot: database unavailable: ${error instanceof Error ? error.message.split('\n').at(-1) : String(error)}`,
    );
    return undefined;
  }
}
