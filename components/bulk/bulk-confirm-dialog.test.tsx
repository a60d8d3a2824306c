// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsoleTestApi, refusal } from '@/tools/testenv/console-test-api';
import { renderConsole } from '@/tools/testenv/render-console';
import { BulkConfirmDialog } from './bulk-confirm-dialog';

const hostFilter = { search: 'lab', rack: ['r1'] };

function hostsApi() {
  return new ConsoleTestApi()
    .answer('bulk.preview', () => ({ count: 40, sample: ['h01', 'h20', 'h40'] }))
    .answer('bulk.start', () => ({ id: 'job-1', total: 40 }));
}

describe('the bulk confirmation', () => {
  it('names the count and a sample, takes the pace, starts the job and opens its page', async () => {
    const { api, router, user } = renderConsole(
      <BulkConfirmDialog
        action="power-off"
        selection={{ kind: 'hosts', filter: hostFilter }}
        onClose={() => undefined}
      />,
      { url: '/hosts', api: hostsApi() },
    );
    const dialog = await screen.findByTestId('bulk-confirm');
    expect((await within(dialog).findByTestId('bulk-count')).textContent).toBe('40');
    expect(within(dialog).getByTestId('bulk-sample').textContent).toBe('h01, h20, h40');
    expect(api.inputs('bulk.preview')).toEqual([{ kind: 'hosts', action: 'power-off', filter: hostFilter }]);
    await user.clear(within(dialog).getByLabelText('Hosts at once'));
    await user.type(within(dialog).getByLabelText('Hosts at once'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Power off 40 hosts' }));
    await waitFor(() => {
      expect(router.pushed).toEqual(['/bulk/job-1']);
    });
    expect(api.inputs('bulk.start')).toEqual([
      {
        kind: 'hosts',
        action: 'power-off',
        filter: hostFilter,
        options: { concurrency: 2, ratePerSecond: 20 },
        confirmedCount: 40,
      },
    ]);
  });

  it('refuses a pace out of bounds under its field, starting nothing', async () => {
    const { api, user } = renderConsole(
      <BulkConfirmDialog
        action="restart"
        selection={{ kind: 'hosts', filter: hostFilter }}
        onClose={() => undefined}
      />,
      { url: '/hosts', api: hostsApi() },
    );
    await screen.findByTestId('bulk-count');
    const rate = screen.getByLabelText('Hosts a second, at most');
    await user.clear(rate);
    await user.type(rate, '500');
    await user.click(screen.getByTestId('bulk-start'));
    expect(screen.getByTestId('error-rate').textContent).toBe('The rate must be a number from 0.1 to 100');
    expect(api.inputs('bulk.start')).toEqual([]);
  });

  it('asks for labels before counting, and shows the server’s refusal of the start', async () => {
    const api = hostsApi().answer('bulk.start', () => {
      throw refusal('the filter now matches 39 hosts, not the 40 you confirmed');
    });
    const { user } = renderConsole(
      <BulkConfirmDialog
        action="labels"
        selection={{ kind: 'hosts', filter: hostFilter }}
        onClose={() => undefined}
      />,
      { url: '/hosts', api },
    );
    expect(await screen.findByText('Name the labels below.')).toBeTruthy();
    expect(api.inputs('bulk.preview')).toEqual([]);
    await user.type(screen.getByLabelText('Labels (key=value sets, -key removes)'), 'team=a -old');
    await screen.findByTestId('bulk-count');
    expect(api.inputs('bulk.preview').at(-1)).toEqual({
      kind: 'hosts',
      action: 'labels',
      filter: hostFilter,
      labels: { set: { team: 'a' }, remove: ['old'] },
    });
    await user.click(screen.getByTestId('bulk-start'));
    expect((await screen.findByTestId('bulk-start-error')).textContent).toContain('not the 40 you confirmed');
  });

  it('provisions every matching unleased machine into the chosen cluster', async () => {
    const api = new ConsoleTestApi()
      .answer('hardware.formOptions', () => ({
        clusters: [
          {
            namespace: 'lab',
            name: 'edge',
            ready: true,
            subnet: '10.0.0.0/24',
            gateway: null,
            pool: null,
            freeAddresses: 200,
          },
        ],
        roles: ['control-plane', 'worker'],
        kubernetesVersions: ['v1.34.4'],
        clusterApi: false,
      }))
      .answer('bootProfiles.list', () => [
        { name: 'preseed', installer: 'preseed', problem: null },
        { name: 'kickstart', installer: 'kickstart', problem: null },
        { name: 'wipe', installer: 'wipe', problem: null },
      ])
      .answer('bulk.preview', () => ({ count: 3, sample: ['52:54:00:00:00:01'] }))
      .answer('bulk.start', () => ({ id: 'job-2', total: 3 }));
    const filter = { search: 'dell', state: ['unleased' as const] };
    const { router, user } = renderConsole(
      <BulkConfirmDialog
        action="provision"
        selection={{ kind: 'hardware', filter }}
        onClose={() => undefined}
      />,
      { url: '/hardware', api },
    );
    expect(await screen.findByText('Choose the cluster below.')).toBeTruthy();
    expect(api.inputs('bulk.preview')).toEqual([]);
    await user.selectOptions(await screen.findByLabelText('Plunder cluster'), 'lab/edge');
    await user.selectOptions(screen.getByLabelText('Boot profile'), 'kickstart');
    expect(screen.queryByRole('option', { name: 'wipe' })).toBeNull();
    expect((await screen.findByTestId('bulk-count')).textContent).toBe('3');
    expect(screen.getByTestId('bulk-preview').textContent).toContain('3 unleased machines that the filter');
    await user.click(screen.getByRole('button', { name: 'Provision 3 unleased machines' }));
    await waitFor(() => {
      expect(router.pushed).toEqual(['/bulk/job-2']);
    });
    expect(api.inputs('bulk.start')).toEqual([
      {
        kind: 'hardware',
        action: 'provision',
        filter,
        provision: {
          namespace: 'lab',
          cluster: 'edge',
          role: 'worker',
          profile: 'kickstart',
          kubernetesVersion: 'v1.34.4',
        },
        options: { concurrency: 10, ratePerSecond: 20 },
        confirmedCount: 3,
      },
    ]);
  });

  it('shows why the server will not count the selection', async () => {
    const api = hostsApi().answer('bulk.preview', () => {
      throw refusal('the filter matches no hosts');
    });
    renderConsole(
      <BulkConfirmDialog
        action="inspect"
        selection={{ kind: 'hosts', filter: hostFilter }}
        onClose={() => undefined}
      />,
      { url: '/hosts', api },
    );
    expect((await screen.findByTestId('bulk-preview-error')).textContent).toBe('the filter matches no hosts');
    expect(screen.getByTestId<HTMLButtonElement>('bulk-start').disabled).toBe(true);
  });
});
