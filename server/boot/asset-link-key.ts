import { randomBytes } from 'node:crypto';
import type { DbClient } from '../db/client';

/** The settings row holding the asset links' signing key (hex): one for all replicas. */
export const ASSET_LINK_KEY_SETTING = 'boot.assetLinkKey';

/**
 * The key asset links are signed with, created by the first replica that asks: a link one replica signs
 * is served by the asset server of whichever replica the host's next connection reaches.
 */
export async function assetLinkKey(db: DbClient): Promise<Buffer> {
  await db.setting.createMany({
    data: [{ key: ASSET_LINK_KEY_SETTING, value: randomBytes(32).toString('hex') }],
    skipDuplicates: true,
  });
  const row = await db.setting.findUnique({ where: { key: ASSET_LINK_KEY_SETTING } });
  if (typeof row?.value !== 'string' || !/^[0-9a-f]{64,}$/.test(row.value))
    throw new Error(`the setting ${ASSET_LINK_KEY_SETTING} is not a key of 32 bytes or more in hex`);
  return Buffer.from(row.value, 'hex');
}
