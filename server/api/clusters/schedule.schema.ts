import type { z } from 'zod';
import { scheduleSearchSchema } from '../../schemas/sip-cluster-form';
import { objectRefSchema } from '../object-ref';

export const scheduleInputSchema = objectRefSchema.extend({ search: scheduleSearchSchema });
export type ScheduleInput = z.output<typeof scheduleInputSchema>;
