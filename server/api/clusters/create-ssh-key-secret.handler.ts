import type { V1Secret } from '@kubernetes/client-node';
import { secretResource } from '../../kube/resource';
import { generateEd25519SshKey } from '../../lib/ssh-key-pair';
import { readOpenSshPrivateKey } from '../../schemas/openssh-private-key';
import type { SshKeySecretInput } from '../../schemas/ssh-key-secret';
import { apiRejection, type CreateResult } from '../api-rejection';
import { CREATED_BY_CONSOLE } from '../created-by-console';
import { createInOrder, createStep, kubeObjectWriter } from '../create-in-order';
import type { HandlerOptions } from '../trpc';

export type SshKeySecretResult =
  | Exclude<CreateResult, { status: 'created' }>
  | {
      status: 'created';
      namespace: string;
      name: string;
      /** The Secret's key: the key file's name on the jump host. */
      keyFile: string;
      /** The authorized_keys line the cluster's machines need so the jump host can log in. */
      publicKey: string;
    };

/** The key file and its public half: a fresh ed25519 pair, or the pasted key (the schema checked it). */
function keyOf(input: SshKeySecretInput) {
  if (input.source === 'generate') {
    const pair = generateEd25519SshKey(`jump-host@${input.namespace}`);
    return { keyFile: 'id_ed25519', privateKey: pair.privateKey, publicKey: pair.publicKey };
  }
  const reading = readOpenSshPrivateKey(input.privateKey);
  if (!reading.ok) throw new Error(`unchecked private key: ${reading.problem}`);
  return {
    keyFile: reading.keyFile,
    privateKey: input.privateKey.trim() + '\n',
    publicKey: reading.publicKey,
  };
}

/**
 * The Secret a SIPCluster's jump host reads its private keys from (jumpHost.nodeSSHPrivateKeys). The
 * private key goes into the Secret only: it is not answered, logged or audited (the audit input
 * redacts `privateKey`); the answer carries the public half for the machines.
 */
export async function createSshKeySecretHandler({
  ctx,
  input,
}: HandlerOptions<SshKeySecretInput>): Promise<SshKeySecretResult> {
  const { keyFile, privateKey, publicKey } = keyOf(input);
  const secret: V1Secret = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: input.name, namespace: input.namespace, labels: { ...CREATED_BY_CONSOLE } },
    type: 'Opaque',
    stringData: { [keyFile]: privateKey },
  };
  const result = await createInOrder(kubeObjectWriter(ctx.runtime.kc), {
    steps: [createStep(secretResource, secret, { nameField: 'name' })],
    dryRun: false,
    rejection: (error) =>
      apiRejection(error, {
        kind: 'Secret',
        namespace: input.namespace,
        name: input.name,
        nameField: 'name',
        fieldOf: (path) => (path === 'metadata.name' ? 'name' : undefined),
      }),
  });
  return result.status === 'created' ? { ...result, keyFile, publicKey } : result;
}
