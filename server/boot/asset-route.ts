/**
 * `GET /boot/assets/<profile>/<file>`: a file a usable profile names, answered with a redirect to a
 * short-lived signed link on the asset server (asset-server.ts), which sends it by sendfile(2) with
 * Content-Length, Range, ETag and If-None-Match. Anything else is a 404, as is a file whose size or mtime
 * changed since it was checked (it is checked again).
 */
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { BootProfiles } from './boot-profiles';
import { send } from './boot-http';
import { assetEtag } from './asset-link';
import type { AssetServer } from './asset-server';

const ASSET_PATH = /^\/boot\/assets\/([a-z0-9-]{1,63})\/(.{1,200})$/;

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

/** Answers the redirect to the asset's link, a 404, or a 503 while the asset server cannot start. */
export async function serveAsset(
  res: ServerResponse,
  profiles: BootProfiles,
  assets: AssetServer,
  asked: { profile: string; file: string },
): Promise<void> {
  const resolved = await profiles.resolve(asked.profile);
  const asset = resolved && 'assets' in resolved ? resolved.assets.get(asked.file) : undefined;
  const role = resolved?.profile.files.find((file) => file.path === asked.file)?.role;
  if (!resolved || !asset || !role) {
    notFound(res, `no usable profile ${asked.profile} names ${asked.file}`);
    return;
  }
  const now = await stat(asset.absolute).catch(() => undefined);
  if (!now || now.size !== asset.size || now.mtimeMs !== asset.mtimeMs) {
    void profiles.recheck(asked.profile);
    notFound(res, `${asked.file} changed since it was checked; it is being checked again`);
    return;
  }
  let location: string;
  try {
    location = await assets.link({
      profile: asked.profile,
      role,
      path: asset.absolute,
      size: asset.size,
      mtimeMs: asset.mtimeMs,
      etag: assetEtag(asset.size, asset.mtimeMs),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    send(res, 503, `${asked.file}: the asset server is not running (${reason})\n`, undefined, {
      'retry-after': '5',
    });
    return;
  }
  // 307: the client asks the link with the same method and headers (Range, If-None-Match).
  send(res, 307, '', undefined, { location, 'cache-control': 'no-store' });
}
