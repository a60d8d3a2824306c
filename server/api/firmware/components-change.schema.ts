import { z } from 'zod';
import { plainString } from '../../schemas/control-characters';
import { objectRefSchema } from '../object-ref';

/** More than a server has components (BIOS, BMC and a few NICs). */
const MAX_UPDATES = 64;

export const componentsChangeInputSchema = objectRefSchema.extend({
  /** The HostFirmwareComponents version the operator looked at; the write is refused if it changed since. */
  resourceVersion: plainString().min(1).max(64),
  /** The whole list of requested updates after the change (empty: no update requested). */
  updates: z
    .array(
      z.object({
        component: plainString().min(1).max(128),
        url: plainString().min(1).max(2048),
      }),
    )
    .max(MAX_UPDATES, `at most ${MAX_UPDATES} updates`),
});
export type ComponentsChangeInput = z.output<typeof componentsChangeInputSchema>;
