import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';
import { credentialOptions, KubeRequestError } from './kube-request';

/** One line of a watch stream: ADDED, MODIFIED, DELETED, BOOKMARK or ERROR, and its object. */
export interface WatchEvent {
  type: string;
  object: unknown;
}

export interface WatchRequest {
  query: Record<string, string | number | boolean | undefined>;
  /** e.g. `application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1` for metadata only. */
  accept?: string;
  signal: AbortSignal;
  onEvent: (event: WatchEvent) => void;
  /** The server accepted the watch (200); events may be minutes away. */
  onOpen?: () => void;
  /** A longer line (one event) ends the watch with an error instead of being buffered. Default 16 MiB. */
  maxLineBytes?: number;
}

/** etcd refuses values over 1.5 MiB; an event carries one object, so 16 MiB is only met by a broken stream. */
const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * Cuts a byte stream into newline-ended lines, holding at most `maxBytes` of an unfinished one.
 * Returns the complete lines of each chunk.
 */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let end = chunk.indexOf(10); end >= 0; end = chunk.indexOf(10, start)) {
      this.pending.push(chunk.subarray(start, end));
      lines.push(Buffer.concat(this.pending).toString('utf8'));
      this.pending = [];
      this.pendingBytes = 0;
      start = end + 1;
    }
    if (start < chunk.length) {
      this.pendingBytes += chunk.length - start;
      if (this.pendingBytes > this.maxBytes)
        throw new Error(`watch event longer than ${this.maxBytes} bytes`);
      this.pending.push(chunk.subarray(start));
    }
    return lines;
  }
}

/**
 * One watch request (`?watch=true`) through the credentials of our request layer, with any Accept
 * header (client-node's Watch has none to set). Resolves when the server ends the stream, rejects
 * with a KubeRequestError carrying the HTTP status when the watch is refused (410 for a version
 * too old to resume from) and with an Error when the stream breaks. Not on the keep-alive pool:
 * a watch holds its connection for minutes.
 */
export async function watchStream(kc: KubeConfig, path: string, request: WatchRequest): Promise<void> {
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new KubeRequestError('kubeconfig has no current cluster', 0);
  const url = new URL(path, cluster.server);
  url.searchParams.set('watch', 'true');
  for (const [key, value] of Object.entries(request.query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const base = await credentialOptions(kc);
  const headers = {
    ...(base.headers as Record<string, string>),
    accept: request.accept ?? 'application/json',
  };
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
  const splitter = new LineSplitter(request.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
  return new Promise<void>((resolve, reject) => {
    const req = send(url, { ...base, agent: false, headers, signal: request.signal }, (res) => {
      const status = res.statusCode ?? 0;
      if (status !== 200) {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (chunks.length < 16) chunks.push(chunk);
        });
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, 500);
          let message = text;
          try {
            message = (JSON.parse(text) as { message?: string }).message ?? text;
          } catch {
            // not a Status: the text as it came
          }
          reject(
            new KubeRequestError(`${path}: ${message || `HTTP ${status}`}`, status, undefined, [], message),
          );
        });
        return;
      }
      request.onOpen?.();
      res.on('data', (chunk: Buffer) => {
        let lines: string[];
        try {
          lines = splitter.push(chunk);
        } catch (error) {
          req.destroy(error as Error);
          return;
        }
        for (const line of lines) {
          if (line.trim() === '') continue;
          let event: WatchEvent;
          try {
            event = JSON.parse(line) as WatchEvent;
          } catch {
            req.destroy(new Error('watch stream sent a line that is not JSON'));
            return;
          }
          request.onEvent(event);
        }
      });
      res.on('end', () => resolve());
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
