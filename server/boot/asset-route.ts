/**
 * `GET /boot/assets/<profile>/<file>`: a file a usable profile names, streamed from the asset store by
 * `send` (Content-Length, Range, ETag and If-None-Match; never the whole file in memory). Anything
 * else is a 404, as is a file whose size or mtime changed since it was checked (it is checked again).
 */
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename, dirname } from 'node:path';
import sendFile from 'send';
import type { BootProfileFile } from '../schemas/boot-profile';
import type { BootProfiles } from './boot-profiles';
import { send } from './boot-http';

const ASSET_PATH = /^\/boot\/assets\/([a-z0-9-]{1,63})\/(.{1,200})$/;

/** A download that moves no byte for this long is cut: every boot route answers within bounded time. */
export const ASSET_IDLE_MS = 30_000;

export function assetOf(path: string): { profile: string; file: string } | undefined {
  const match = ASSET_PATH.exec(path);
  if (!match?.[1] || !match[2]) return undefined;
  let file: string;
  try {
    file = decodeURIComponent(match[2]);
  } catch {
    return undefined;
  }
  return { profile: match[1], file };
}

function notFound(res: ServerResponse, message: string): void {
  send(res, 404, `${message}\n`);
}

/**
 * Serves the asset; resolves once the response is over (finished, or the connection gone). `onFetched`
 * hears of each GET answered in full or in part (200, 206), with the file's role in its profile.
 */
export async function serveAsset(
  req: IncomingMessage,
  res: ServerResponse,
  profiles: BootProfiles,
  asked: { profile: string; file: string },
  onFetched?: (role: BootProfileFile['role']) => void,
): Promise<void> {
  const resolved = await profiles.resolve(asked.profile);
  const asset = resolved && 'assets' in resolved ? resolved.assets.get(asked.file) : undefined;
  if (!resolved || !asset) {
    notFound(res, `no usable profile ${asked.profile} names ${asked.file}`);
    return;
  }
  const now = await stat(asset.absolute).catch(() => undefined);
  if (!now || now.size !== asset.size || now.mtimeMs !== asset.mtimeMs) {
    void profiles.recheck(asked.profile);
    notFound(res, `${asked.file} changed since it was checked; it is being checked again`);
    return;
  }
  res.setHeader('content-type', 'application/octet-stream');
  res.setHeader('cache-control', 'no-cache');
  res.setTimeout(ASSET_IDLE_MS, () => res.destroy());
  const role = resolved.profile.files.find((file) => file.path === asked.file)?.role;
  res.once('finish', () => {
    if (role && req.method === 'GET' && (res.statusCode === 200 || res.statusCode === 206)) onFetched?.(role);
  });
  await new Promise<void>((resolve) => {
    res.once('close', resolve);
    sendFile(req, encodeURIComponent(basename(asset.absolute)), {
      root: dirname(asset.absolute),
      dotfiles: 'allow',
      index: false,
      cacheControl: false,
    })
      .on('error', (error: { status?: number; message: string }) => {
        if (res.headersSent) res.destroy();
        else send(res, error.status ?? 500, `${asked.file}: ${error.message}\n`);
      })
      .pipe(res);
  });
}
