import { z } from 'zod';
import { plainString } from '../../schemas/control-characters';
import { objectRefSchema } from '../object-ref';

/** More settings than any BIOS registry offers (BMO's hosts report 100–200). */
const MAX_CHANGES = 500;

/** Settings to change, by name: text as the page holds it (BMO takes integers or strings). */
export const settingsRecordSchema = z
  .record(plainString().min(1).max(256), z.union([plainString().max(1024), z.number().int()]))
  .refine((settings) => Object.keys(settings).length > 0, 'no setting to change')
  .refine(
    (settings) => Object.keys(settings).length <= MAX_CHANGES,
    `at most ${MAX_CHANGES} settings at once`,
  );

export const changeInputSchema = objectRefSchema.extend({
  /** The HostFirmwareSettings version the operator edited; the write is refused if it changed since. */
  resourceVersion: plainString().min(1).max(64),
  settings: settingsRecordSchema,
});
export type ChangeInput = z.output<typeof changeInputSchema>;
