import { z } from 'zod';
import { plainString } from '../../schemas/control-characters';
import { objectRefSchema } from '../object-ref';

/** Far more than a server's disks: bounds on what one request may carry, not BMO's rules (raid-rules.ts). */
const MAX_VOLUMES = 64;
const MAX_DISKS = 128;

const text = () => plainString().max(256);
const whole = () => z.number().int().min(-1_000_000_000).max(1_000_000_000);

const hardwareVolumeSchema = z
  .object({
    sizeGibibytes: whole().optional(),
    level: plainString().max(8),
    name: text().optional(),
    rotational: z.boolean().optional(),
    numberOfPhysicalDisks: whole().optional(),
    controller: text().optional(),
    physicalDisks: z.array(text().min(1)).max(MAX_DISKS).optional(),
  })
  .strict();

const deviceHintsSchema = z
  .object({
    deviceName: text().optional(),
    hctl: text().optional(),
    model: text().optional(),
    vendor: text().optional(),
    serialNumber: text().optional(),
    minSizeGigabytes: whole().optional(),
    wwn: text().optional(),
    wwnWithExtension: text().optional(),
    wwnVendorExtension: text().optional(),
    rotational: z.boolean().optional(),
  })
  .strict();

const softwareVolumeSchema = z
  .object({
    rootVolume: z.boolean().optional(),
    sizeGibibytes: whole().optional(),
    level: plainString().max(8),
    physicalDisks: z.array(deviceHintsSchema).max(MAX_DISKS).optional(),
  })
  .strict();

/** spec.raid as BMO's CRD shapes it; null: no spec.raid. */
export const raidConfigSchema = z
  .object({
    hardwareRAIDVolumes: z.array(hardwareVolumeSchema).max(MAX_VOLUMES).optional(),
    softwareRAIDVolumes: z.array(softwareVolumeSchema).max(MAX_VOLUMES).optional(),
  })
  .strict()
  .nullable();

export const raidChangeInputSchema = objectRefSchema.extend({
  /** The host's version when the change was sent: the write is refused if the host changed since. */
  resourceVersion: plainString().min(1).max(64),
  /** spec.raid as the form opened it: refused when someone else changed it since. */
  before: raidConfigSchema,
  raid: raidConfigSchema,
});
export type RaidChangeInput = z.output<typeof raidChangeInputSchema>;
