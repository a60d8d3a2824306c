'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { SshKeySecretResult } from '@/server/api/clusters/create-ssh-key-secret.handler';
import { sshKeySecretInputSchema, type SshKeySecretInput } from '@/server/schemas/ssh-key-secret';
import { useTRPC } from '../trpc/trpc';
import { Field } from '../ui/form-kit/field';
import { FormKit } from '../ui/form-kit/form-kit-context';
import { RadioGroup, TextArea, TextInput } from '../ui/form-kit/inputs';
import { useSchemaForm } from '../ui/form-kit/use-schema-form';
import { buttonClass, ModalDialog } from '../ui/modal-dialog';
import { ErrorBox } from '../ui/panel';

type Created = Extract<SshKeySecretResult, { status: 'created' }>;

/** Under `secret.`, so the dialog's field ids differ from the cluster form's around it (`name`). */
const dialogSchema = z.object({ secret: sshKeySecretInputSchema });
const dialogPath = (path: string) => `secret.${path}`;

/** What the machines need once the Secret exists: the public half, to copy or download. */
function PublicKeyShown({ created, onDone }: { created: Created; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(`${created.publicKey}\n`)}`;
  return (
    <div className="space-y-3 text-sm" data-testid="ssh-key-created">
      <p role="status">
        Secret {created.name} created in {created.namespace}, holding the private key as{' '}
        <code>{created.keyFile}</code>. The console keeps no copy of it.
      </p>
      <p className="text-slate-300">
        Add this public key to the cluster machines&apos; authorized_keys: the jump host logs in to them with
        its private half. It is shown here once.
      </p>
      <textarea
        readOnly
        aria-label="Public key"
        data-testid="ssh-public-key"
        value={created.publicKey}
        rows={3}
        className="w-full rounded border border-slate-700 bg-slate-950 p-2 font-mono text-xs"
      />
      <div className="flex justify-end gap-2">
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => {
            void navigator.clipboard.writeText(created.publicKey).then(() => {
              setCopied(true);
            });
          }}
        >
          {copied ? 'Copied' : 'Copy public key'}
        </button>
        <a className={buttonClass.secondary} href={download} download={`${created.name}.pub`}>
          Download {created.name}.pub
        </a>
        <button type="button" className={buttonClass.primary} onClick={onDone} data-autofocus>
          Use this Secret
        </button>
      </div>
    </div>
  );
}

function SshKeySecretDialog({
  namespace,
  suggestedName,
  onCreated,
  onClose,
}: {
  namespace: string;
  suggestedName: string;
  onCreated: (name: string) => void;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const kit = useSchemaForm(
    dialogSchema,
    (): { secret: SshKeySecretInput } => ({
      secret: { namespace, name: suggestedName, source: 'generate', privateKey: '' },
    }),
    { fieldOf: dialogPath },
  );
  const source = useWatch({ control: kit.form.control, name: 'secret.source' });
  const [created, setCreated] = useState<Created>();
  const refused = kit.outcome(() => undefined);
  const create = useMutation(
    trpc.clusters.createSshKeySecret.mutationOptions({
      onSuccess: (result) => {
        if (result.status !== 'created') {
          refused.onSuccess(result);
          return;
        }
        setCreated(result);
        void queryClient.invalidateQueries(trpc.clusters.secretNames.queryFilter({ namespace }));
      },
      onError: refused.onError,
    }),
  );
  return createPortal(
    <ModalDialog
      title={`New SSH key Secret in ${namespace}`}
      testId="ssh-key-dialog"
      busy={create.isPending}
      onClose={onClose}
    >
      {created ? (
        <PublicKeyShown
          created={created}
          onDone={() => {
            onCreated(created.name);
          }}
        />
      ) : (
        <FormKit
          kit={kit}
          className="space-y-3"
          // The dialog sits in the cluster form's React tree: its submit must not submit that form too.
          onSubmit={(event) => {
            event.stopPropagation();
            return kit.onSubmit((values) => {
              if (!create.isPending) create.mutate(values.secret);
            })(event);
          }}
        >
          <p className="text-sm text-slate-300">
            The jump host logs in to the cluster&apos;s machines with the private keys in this Secret.
          </p>
          <Field label="Secret name" path="secret.name">
            <TextInput path="secret.name" data-autofocus />
          </Field>
          <RadioGroup
            path="secret.source"
            name="ssh-key-source"
            onValueChange={(event) => {
              // A generated key takes no pasted one: a paste left behind would be refused.
              if (event.target.value === 'generate') kit.form.setValue('secret.privateKey', '');
            }}
            options={[
              { value: 'generate', label: 'Generate an ed25519 key' },
              { value: 'paste', label: 'Paste a private key' },
            ]}
          />
          {source === 'paste' && (
            <Field
              label="Private key (OpenSSH, without passphrase)"
              path="secret.privateKey"
              hint="-----BEGIN OPENSSH PRIVATE KEY----- … as ssh-keygen writes it"
            >
              <TextArea path="secret.privateKey" rows={6} className="font-mono text-xs" />
            </Field>
          )}
          {kit.message && <ErrorBox>{kit.message}</ErrorBox>}
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonClass.secondary} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={buttonClass.primary} disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create Secret'}
            </button>
          </div>
        </FormKit>
      )}
    </ModalDialog>,
    document.body,
  );
}

/** Beside the SIPCluster form's private-key Secret picker: make that Secret here instead of with kubectl. */
export function SshKeySecretOffer({
  namespace,
  namespaceValid,
  clusterName,
  onCreated,
}: {
  namespace: string;
  namespaceValid: boolean;
  clusterName: string;
  /** The new Secret's name, for the form's picker. */
  onCreated: (name: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${buttonClass.secondary} mt-1 text-xs`}
        disabled={!namespaceValid}
        onClick={() => {
          setOpen(true);
        }}
      >
        Create SSH key Secret…
      </button>
      {open && (
        <SshKeySecretDialog
          namespace={namespace}
          suggestedName={clusterName ? `${clusterName}-ssh-keys` : 'jump-host-ssh-keys'}
          onClose={() => {
            setOpen(false);
          }}
          onCreated={(name) => {
            setOpen(false);
            onCreated(name);
          }}
        />
      )}
    </>
  );
}
