/**
 * The asset server's link and output formats, shared with tools/controlplane/boot-asset-server/main.go:
 * `/a/<ticket>.<signature>/<name>`, the ticket base64url JSON signed by HMAC-SHA256 with the replicas'
 * key, and one JSON line per event on its stdout.
 */
import { createHmac } from 'node:crypto';
import { basename } from 'node:path';
import { z } from 'zod';
import type { BootProfileFile } from '../schemas/boot-profile';

/** A link is followed at once; the slack covers the clocks of replicas that sign and serve it. */
export const LINK_LIFETIME_MS = 2 * 60_000;

/** What a link carries: the file as the route checked it, and what its download reports. */
export interface AssetTicket {
  profile: string;
  role: BootProfileFile['role'];
  /** Absolute, symlinks resolved (AssetStore.locate). */
  path: string;
  size: number;
  /** As fs.Stats has it; the server compares the file's own, computed as Node does. */
  mtimeMs: number;
  etag: string;
}

const eventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('listening'), port: z.number().int() }),
  z.object({
    event: z.literal('fetched'),
    profile: z.string(),
    role: z.enum(['kernel', 'initrd', 'image']),
    address: z.string(),
  }),
  z.object({ event: z.literal('changed'), profile: z.string() }),
]);

/** send's ETag of a file (its size and whole-millisecond mtime): what the route answered before. */
export function assetEtag(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.trunc(mtimeMs).toString(16)}"`;
}

export type AssetServerEvent = z.infer<typeof eventSchema>;

/** One line of the program's stdout as an event, or undefined for anything else. */
export function assetServerEvent(line: string): AssetServerEvent | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const event = eventSchema.safeParse(value);
  return event.success ? event.data : undefined;
}

/** Where hosts reach the program: `url` when TLS or a proxy is in front, else http:// at the boot URL's host. */
export function assetOrigin(bootUrl: string, port: number | undefined, url: string | undefined): string {
  if (url) return url;
  const origin = new URL(bootUrl);
  origin.protocol = 'http:';
  origin.port = String(port);
  return origin.origin;
}

/** The link to `ticket`'s file, valid for LINK_LIFETIME_MS from `now`. */
export function signedAssetLink(origin: string, key: Buffer, ticket: AssetTicket, now: number): string {
  const payload = Buffer.from(JSON.stringify({ ...ticket, expires: now + LINK_LIFETIME_MS })).toString(
    'base64url',
  );
  const signature = createHmac('sha256', key).update(payload).digest('base64url');
  return `${origin}/a/${payload}.${signature}/${encodeURIComponent(basename(ticket.path))}`;
}
