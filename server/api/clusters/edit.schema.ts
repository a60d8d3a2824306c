import type { z } from 'zod';
import { editInputOf } from '../../schemas/object-edit';
import { sipClusterFormSchema } from '../../schemas/sip-cluster-form';

/** An edit of a SIPCluster (and its dry run): the form's values it opened on and the edited ones. */
export const editInputSchema = editInputOf(sipClusterFormSchema);
export type EditInput = z.output<typeof editInputSchema>;
