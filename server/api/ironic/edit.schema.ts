import type { z } from 'zod';
import { ironicFormSchema } from '../../schemas/ironic-form';
import { editInputOf } from '../../schemas/object-edit';

/** An edit of an Ironic (and its dry run): the form's values it opened on and the edited ones. */
export const editInputSchema = editInputOf(ironicFormSchema);
export type EditInput = z.output<typeof editInputSchema>;
