import type { z } from 'zod';
import { editInputOf } from '../../schemas/object-edit';
import { placementFormSchema } from '../../schemas/placement-form';

/** An edit of a PlacementAPI (and its dry run): the form's values it opened on and the edited ones. */
export const editInputSchema = editInputOf(placementFormSchema);
export type EditInput = z.output<typeof editInputSchema>;
