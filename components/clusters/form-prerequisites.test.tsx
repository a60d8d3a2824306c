// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsoleTestApi } from '@/tools/testenv/console-test-api';
import { renderConsole } from '@/tools/testenv/render-console';
import { ClusterFormPage } from './cluster-form-page';

const PUBLIC_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFakeFakeFakeFakeFakeFakeFakeFakeFakeFakeFake jump-host@lab';

/** The SIPCluster form with namespace `lab` existing and whatever Secrets `secrets` holds. */
function renderForm(secrets: string[] = []) {
  const namespaces = ['lab'];
  const api = new ConsoleTestApi()
    .answer('clusters.formOptions', () => ({ labels: [], namespaces, freePorts: undefined }))
    .answer('clusters.preview', () => ({ roles: [], portConflicts: {} }))
    .answer('clusters.secretNames', () => [...secrets])
    .answer('namespaces.list', () => [...namespaces])
    .answer('namespaces.create', (input) => {
      const { name } = input as { name: string };
      namespaces.push(name);
      return { status: 'created', namespace: '', name };
    })
    .answer('clusters.createSshKeySecret', (input) => {
      const { namespace, name } = input as { namespace: string; name: string };
      secrets.push(name);
      return { status: 'created', namespace, name, keyFile: 'id_ed25519', publicKey: PUBLIC_KEY };
    });
  return renderConsole(<ClusterFormPage />, { url: '/clusters/new', api });
}

describe('the SIPCluster form’s prerequisites', () => {
  it('offers to create a namespace that does not exist, and says when it is made', async () => {
    const { user, api } = renderForm();
    await user.type(screen.getByLabelText('Namespace'), 'lab');
    await waitFor(() => {
      expect(api.inputs('namespaces.list')).not.toEqual([]);
    });
    expect(screen.queryByTestId('create-namespace-offer')).toBeNull();

    await user.type(screen.getByLabelText('Namespace'), '-two');
    const offer = await screen.findByTestId('create-namespace-offer');
    expect(offer.textContent).toContain('Namespace lab-two does not exist yet.');
    await user.click(within(offer).getByRole('button', { name: 'Create namespace lab-two' }));
    expect((await screen.findByTestId('namespace-created')).textContent).toBe('Namespace lab-two created.');
    expect(api.inputs('namespaces.create')).toEqual([{ name: 'lab-two' }]);
    expect(api.inputs('clusters.create')).toEqual([]);
  });

  it('shows the API server’s refusal of the namespace beside the offer', async () => {
    const { user, api } = renderForm();
    api.answer('namespaces.create', () => ({
      status: 'rejected',
      message: 'Namespace gone already exists',
      fieldErrors: { name: 'Namespace gone already exists' },
    }));
    await user.type(screen.getByLabelText('Namespace'), 'gone');
    const offer = await screen.findByTestId('create-namespace-offer');
    await user.click(within(offer).getByRole('button', { name: 'Create namespace gone' }));
    expect((await within(offer).findByRole('alert')).textContent).toBe('Namespace gone already exists');
  });

  it('makes the SSH key Secret in a dialog, shows the public key once and picks the Secret', async () => {
    const { user, api } = renderForm();
    await user.type(screen.getByLabelText('Namespace'), 'lab');
    await user.type(screen.getByLabelText('Name'), 'sub1');
    await user.click(screen.getByRole('button', { name: 'Create SSH key Secret…' }));
    const dialog = await screen.findByTestId('ssh-key-dialog');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Secret name').value).toBe('sub1-ssh-keys');

    // A paste that is not a private key is refused in the dialog, and nothing is sent.
    await user.click(within(dialog).getByTestId('ssh-key-source-paste'));
    await user.click(within(dialog).getByLabelText(/Private key/));
    await user.paste(PUBLIC_KEY);
    await user.click(within(dialog).getByRole('button', { name: 'Create Secret' }));
    expect((await within(dialog).findByTestId('error-secret.privateKey')).textContent).toMatch(
      /Paste the whole key/,
    );
    expect(api.inputs('clusters.createSshKeySecret')).toEqual([]);

    await user.click(within(dialog).getByTestId('ssh-key-source-generate'));
    await user.click(within(dialog).getByRole('button', { name: 'Create Secret' }));
    const shown = await within(dialog).findByTestId('ssh-public-key');
    expect((shown as HTMLTextAreaElement).value).toBe(PUBLIC_KEY);
    expect(api.inputs('clusters.createSshKeySecret')).toEqual([
      { namespace: 'lab', name: 'sub1-ssh-keys', source: 'generate', privateKey: '' },
    ]);
    // The dialog's submit is its own: the SIPCluster form around it was not submitted.
    expect(api.inputs('clusters.create')).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Use this Secret' }));
    await waitFor(() => {
      expect(screen.queryByTestId('ssh-key-dialog')).toBeNull();
    });
    const picker = screen.getByLabelText<HTMLSelectElement>('Private-key Secret');
    await waitFor(() => {
      expect(picker.value).toBe('sub1-ssh-keys');
    });
    expect(within(picker).getByRole('option', { name: 'sub1-ssh-keys' })).toBeDefined();
  });
});
