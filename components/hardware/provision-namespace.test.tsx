// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsoleTestApi } from '@/tools/testenv/console-test-api';
import { renderConsole } from '@/tools/testenv/render-console';
import { ProvisionDialog } from './provision-dialog';

describe('the provision dialog’s new cluster', () => {
  it('offers to create its namespace when it does not exist', async () => {
    const namespaces = ['default'];
    const api = new ConsoleTestApi()
      .answer('hardware.formOptions', () => ({
        clusters: [],
        roles: ['worker'],
        kubernetesVersions: ['v1.30.0'],
        clusterApi: false,
      }))
      .answer('bootProfiles.list', () => [])
      .answer('hardware.checkIp', () => ({ free: [] }))
      .answer('namespaces.list', () => [...namespaces])
      .answer('namespaces.create', (input) => {
        const { name } = input as { name: string };
        namespaces.push(name);
        return { status: 'created', namespace: '', name };
      });
    const { user } = renderConsole(
      <ProvisionDialog
        macs={['52:54:00:00:00:01']}
        onProvisioned={() => undefined}
        onCancel={() => undefined}
      />,
      { url: '/hardware', api },
    );
    const field = await screen.findByLabelText('Namespace');
    await user.clear(field);
    await user.type(field, 'tenant-b');
    const offer = await screen.findByTestId('create-namespace-offer');
    await user.click(within(offer).getByRole('button', { name: 'Create namespace tenant-b' }));
    expect((await screen.findByTestId('namespace-created')).textContent).toBe('Namespace tenant-b created.');
    expect(api.inputs('namespaces.create')).toEqual([{ name: 'tenant-b' }]);
    expect(api.inputs('hardware.provision')).toEqual([]);
  });
});
