import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../../access/passwords';

const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `use at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024);

export const changePasswordInputSchema = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.output<typeof changePasswordInputSchema>;
