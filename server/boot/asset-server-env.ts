import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_ASSET_PORT, type AssetServerSettings } from './asset-server';

// An empty variable means unset, as in server/config.ts.
const optional = z
  .string()
  .optional()
  .transform((value) => value || undefined);

/** RACKPILOT_BOOT_ASSET_*, parsed by server/config.ts with the rest. */
export const assetServerEnvShape = {
  RACKPILOT_BOOT_ASSET_SERVER: optional,
  // 0 takes any free port (the tests); a site opens the fixed one on its firewall (docs/operations.md).
  RACKPILOT_BOOT_ASSET_PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(DEFAULT_ASSET_PORT),
  RACKPILOT_BOOT_ASSET_URL: optional.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
};

type AssetServerEnv = z.infer<z.ZodObject<typeof assetServerEnvShape>>;

/** The binary's path is read relative to the working folder, as the asset store's is. */
export function assetServerSettings(values: AssetServerEnv, cwd: string): AssetServerSettings {
  return {
    binary: values.RACKPILOT_BOOT_ASSET_SERVER ? resolve(cwd, values.RACKPILOT_BOOT_ASSET_SERVER) : undefined,
    port: values.RACKPILOT_BOOT_ASSET_PORT,
    url: values.RACKPILOT_BOOT_ASSET_URL,
  };
}
