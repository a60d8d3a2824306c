import { request } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface BootReply {
  status: number;
  body: string;
  kind: string | undefined;
}

export interface BootRequestOptions {
  method?: string;
  /** Sent as the Host header instead of the URL's own (fetch does not allow setting it). */
  host?: string;
  body?: string | Buffer;
  /**
   * Leave the request body unfinished (chunked, or announced with this Content-Length) and wait for
   * the answer: how a client that streams an endless body looks to the server.
   */
  unfinished?: { contentLength?: number };
  /** The client address to send from (loopback aliases stand for distinct hosts in tests). */
  localAddress?: string;
  signal?: AbortSignal;
}

/** Redirects followed, as iPXE follows them (the asset route answers one, to the asset server). */
const MAX_REDIRECTS = 5;

/** One request to the boot service, as iPXE sends it; the reply's kind is its X-Rackpilot-Boot header. */
export function bootRequest(
  url: string,
  options: BootRequestOptions = {},
  redirects = MAX_REDIRECTS,
): Promise<BootReply> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : request;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: options.method ?? 'GET',
        headers: {
          ...(options.host ? { host: options.host } : {}),
          ...(options.unfinished?.contentLength === undefined
            ? {}
            : { 'content-length': String(options.unfinished.contentLength) }),
        },
        localAddress: options.localAddress,
        signal: options.signal,
      },
      (res) => {
        const location = res.headers.location;
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && location && redirects > 0 && !options.body) {
          res.resume();
          resolve(bootRequest(new URL(location, target).href, options, redirects - 1));
          return;
        }
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          if (options.unfinished) req.destroy();
          const kind = res.headers['x-rackpilot-boot'];
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            kind: typeof kind === 'string' ? kind : undefined,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (!options.unfinished) req.end(options.body);
    else if (options.body) req.write(options.body);
    else req.flushHeaders();
  });
}

/** A random locally administered unicast MAC (02:…): no vendor assigns these, so no real machine owns it. */
export function throwAwayMac(random: () => number = Math.random): string {
  const octets = [0x02, ...Array.from({ length: 5 }, () => Math.floor(random() * 256))];
  return octets.map((octet) => octet.toString(16).padStart(2, '0')).join(':');
}
