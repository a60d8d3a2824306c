/**
 * The "create SSH key Secret" dialog of the SIPCluster form, and its tRPC input. The Secret is the one
 * upstream SIP's jumpHost.nodeSSHPrivateKeys names: each of its keys becomes a private-key file the
 * jump host uses to reach the cluster's machines. Pure: zod only.
 */
import { z } from 'zod';
import { DNS1123_SUBDOMAIN, namespaceFieldSchema } from './kube-names';
import { plainString } from './control-characters';
import { MAX_PRIVATE_KEY, readOpenSshPrivateKey } from './openssh-private-key';

export const SSH_KEY_SOURCES = ['generate', 'paste'] as const;

export const sshKeySecretInputSchema = z
  .object({
    namespace: namespaceFieldSchema,
    name: plainString()
      .min(1, 'Enter a name')
      .max(253, 'A Secret name is at most 253 characters')
      .regex(DNS1123_SUBDOMAIN, 'Lower-case letters, digits, "-" and "." only, not at either end'),
    source: z.enum(SSH_KEY_SOURCES, { error: 'Choose generate or paste' }),
    /** The pasted key; empty when one is generated. */
    privateKey: plainString({ multiLine: true }).max(
      MAX_PRIVATE_KEY,
      `A private key is at most ${MAX_PRIVATE_KEY} characters`,
    ),
  })
  .superRefine((input, ctx) => {
    if (input.source === 'generate') {
      if (input.privateKey !== '')
        ctx.addIssue({
          code: 'custom',
          path: ['privateKey'],
          message: 'A generated key takes no pasted key',
        });
      return;
    }
    const reading = readOpenSshPrivateKey(input.privateKey);
    if (!reading.ok) ctx.addIssue({ code: 'custom', path: ['privateKey'], message: reading.problem });
  });
export type SshKeySecretInput = z.input<typeof sshKeySecretInputSchema>;

export const createNamespaceInputSchema = z.object({ name: namespaceFieldSchema });
export type CreateNamespaceInput = z.output<typeof createNamespaceInputSchema>;
