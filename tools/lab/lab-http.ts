import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

export interface LabResponse {
  status: number;
  text?: string;
  bytes: number;
}

export interface LabRequest {
  method?: 'GET' | 'POST';
  body?: string;
  contentType?: string;
  /** 'discard' only counts the body (images are large and the lab does not keep them). */
  as?: 'text' | 'discard';
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Source address to bind: each virtual host uses its own loopback address, as real hosts have their own. */
  localAddress?: string;
}

/** Longest script or config the lab reads into memory; iPXE scripts are a few hundred bytes. */
const MAX_TEXT_BYTES = 1024 * 1024;

/** Redirects a request follows, as iPXE does. */
const MAX_REDIRECTS = 5;

/** Idle keep-alive sockets close before Node's server default (5 s) would close them under us. */
const IDLE_SOCKET_MS = 4_000;

function isStaleSocket(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ECONNRESET' || code === 'EPIPE';
}

/**
 * One keep-alive agent shared by every virtual host. Node pools sockets per origin and source
 * address, so each machine reuses its own connection between loop requests instead of opening one
 * per request, and the whole fleet needs no agent per host.
 */
export class LabHttp {
  private readonly http: HttpAgent;
  private readonly https: HttpsAgent;
  /** Requests sent, for the lab's load figures. */
  sent = 0;

  constructor(maxSocketsPerHost = 2) {
    const options = { keepAlive: true, maxSockets: maxSocketsPerHost, timeout: IDLE_SOCKET_MS };
    this.http = new HttpAgent(options);
    this.https = new HttpsAgent(options);
  }

  /**
   * A GET whose reused socket the server had just closed is sent once more, as any HTTP client does; a
   * GET's redirect is followed, as iPXE follows it (the boot route redirects to the asset server).
   */
  async request(url: string, options: LabRequest = {}): Promise<LabResponse> {
    let target = url;
    for (let redirects = 0; ; redirects++) {
      const response = await this.sendOnce(target, options);
      if (!response.location || (options.method ?? 'GET') !== 'GET' || redirects === MAX_REDIRECTS)
        return {
          status: response.status,
          bytes: response.bytes,
          ...(response.text === undefined ? {} : { text: response.text }),
        };
      target = new URL(response.location, target).href;
    }
  }

  private async sendOnce(url: string, options: LabRequest): Promise<LabResponse & { location?: string }> {
    try {
      return await this.send(url, options);
    } catch (error) {
      if ((options.method ?? 'GET') !== 'GET' || !isStaleSocket(error) || options.signal?.aborted)
        throw error;
      return this.send(url, options);
    }
  }

  private send(url: string, options: LabRequest): Promise<LabResponse & { location?: string }> {
    this.sent += 1;
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const send = secure ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(
        target,
        {
          method: options.method ?? 'GET',
          agent: secure ? this.https : this.http,
          signal: options.signal,
          localAddress: options.localAddress,
          timeout: options.timeoutMs ?? 10_000,
          headers: {
            'user-agent': 'iPXE/1.21.1+ (rackpilot-lab)',
            ...(options.body === undefined
              ? {}
              : {
                  'content-type': options.contentType ?? 'text/plain',
                  'content-length': Buffer.byteLength(options.body),
                }),
          },
        },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (options.as !== 'discard' && bytes <= MAX_TEXT_BYTES) chunks.push(chunk);
          });
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            resolve({
              status,
              bytes,
              ...(status >= 300 && status < 400 && res.headers.location
                ? { location: res.headers.location }
                : {}),
              ...(options.as === 'discard' ? {} : { text: Buffer.concat(chunks).toString('utf8') }),
            });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`timed out after ${options.timeoutMs ?? 10_000} ms`)));
      req.on('error', reject);
      req.end(options.body);
    });
  }

  /** Closes the pooled sockets; requests still in flight fail. */
  destroy(): void {
    this.http.destroy();
    this.https.destroy();
  }
}
