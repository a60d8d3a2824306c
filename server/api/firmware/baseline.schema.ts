import { z } from 'zod';
import { plainString } from '../../schemas/control-characters';
import { settingsRecordSchema } from './change.schema';
import { baselineIdSchema, fleetSettingsSchema } from './fleet.schema';

/** Baselines kept in all; a further one is refused until one is deleted. */
export const MAX_BASELINES = 500;

export const baselineSaveSchema = z.object({
  /** The baseline to change; a new one when absent. */
  id: baselineIdSchema.optional(),
  name: plainString().trim().min(1, 'name the baseline').max(128, 'a name is at most 128 characters'),
  vendor: fleetSettingsSchema.shape.vendor,
  model: fleetSettingsSchema.shape.model,
  settings: settingsRecordSchema,
});
export type BaselineSave = z.output<typeof baselineSaveSchema>;

export const baselineRefSchema = z.object({ id: baselineIdSchema });
