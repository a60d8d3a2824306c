// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsoleTestApi, later, refusal } from '@/tools/testenv/console-test-api';
import { hostRow, LiveHosts } from '@/tools/testenv/live-hosts';
import { escapeDialog, renderConsole, shownRows } from '@/tools/testenv/render-console';
import { HostsPage } from './hosts-page';

/** Three available hosts, h1 in a tenant cluster, as an operator sees them. */
async function renderHosts() {
  const api = new ConsoleTestApi();
  const hosts = new LiveHosts(api).set(
    { name: 'h1', state: 'provisioned', tenant: 'c1' },
    { name: 'h2' },
    { name: 'h3' },
  );
  const rendered = renderConsole(<HostsPage />, { url: '/hosts', api });
  await hosts.publish();
  await waitFor(() => {
    expect(shownRows()).toEqual(['lab/h1', 'lab/h2', 'lab/h3']);
  });
  return { ...rendered, hosts };
}

const menuButton = (name: string) =>
  within(hostRow(name)).getByRole('button', { name: `Actions for ${name}` });
const statusOf = (name: string) => within(hostRow(name)).getByTestId('host-status');
const dialog = (testId = 'confirm-dialog') => screen.queryByTestId(testId);
const confirmButton = () => screen.getByTestId<HTMLButtonElement>('confirm-action');

async function choose(user: ReturnType<typeof renderConsole>['user'], host: string, entry: string) {
  await user.click(menuButton(host));
  await user.click(screen.getByRole('menuitem', { name: entry }));
}

describe('a host action from the row menu', () => {
  it('goes from requested to pending to done in the same row, focus back on its menu', async () => {
    const { user, api, hosts } = await renderHosts();
    const answer = later<{ ok: true }>();
    api.answer('hosts.act', () => answer.promise);
    const row = hostRow('h2');
    await choose(user, 'h2', 'Power off…');
    expect(screen.getByRole('heading', { name: 'Power off h2?' })).toBeDefined();
    expect(screen.getByTestId('action-hosts').textContent).toBe('lab/h2');
    expect(screen.queryByTestId('action-warning')).toBeNull();
    await user.click(confirmButton());
    expect(api.inputs('hosts.act')).toEqual([{ namespace: 'lab', name: 'h2', action: 'power-off' }]);
    expect(confirmButton().textContent).toBe('Working…');
    expect(confirmButton().disabled).toBe(true);
    answer.resolve({ ok: true });
    await waitFor(() => {
      expect(dialog()).toBeNull();
    });
    // Focus goes back once the dialog has closed, a render after the answer.
    await waitFor(() => {
      expect(document.activeElement).toBe(menuButton('h2'));
    });

    hosts.set({ name: 'h2', online: false, poweredOn: true });
    await hosts.publish();
    await waitFor(() => {
      expect(statusOf('h2').textContent).toContain('Powered on · power-off pending');
    });
    hosts.set({ name: 'h2', poweredOn: false });
    await hosts.publish();
    await waitFor(() => {
      expect(statusOf('h2').textContent).toContain('Powered off');
    });
    expect(statusOf('h2').textContent).not.toContain('pending');
    expect(hostRow('h2')).toBe(row);
    await user.click(menuButton('h2'));
    const entries = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(entries).toContain('Power on…');
    expect(entries).not.toContain('Power off…');
  });

  it('warns before powering off a host that runs a workload, and reports a refusal', async () => {
    const { user, api } = await renderHosts();
    api.answer('hosts.act', () => {
      throw refusal('h1 changed since the page showed it; look again');
    });
    await choose(user, 'h1', 'Power off…');
    expect(screen.getByTestId('action-warning').textContent).toContain(
      'h1 is provisioned or in a tenant cluster',
    );
    await user.click(confirmButton());
    const result = await screen.findByTestId('action-result');
    expect(within(result).getByRole('heading').textContent).toBe('Power off: 0 done, 1 refused');
    expect(within(result).getByRole('alert').textContent).toBe(
      'h1: h1 changed since the page showed it; look again',
    );
    expect(document.activeElement?.textContent).toBe('Close');
    await user.click(within(result).getByRole('button', { name: 'Close' }));
    expect(dialog('action-result')).toBeNull();
    expect(document.activeElement).toBe(menuButton('h1'));
  });

  it('runs a bulk action on each selected host, reports per host, then clears the selection', async () => {
    const { user, api } = await renderHosts();
    api.answer('hosts.act', (input) => {
      if ((input as { name: string }).name === 'h3') throw refusal('a restart is already pending');
      return { ok: true };
    });
    await user.click(within(hostRow('h2')).getByRole('checkbox'));
    await user.click(within(hostRow('h3')).getByRole('checkbox'));
    await user.click(within(screen.getByTestId('bulk-actions')).getByRole('button', { name: 'Restart' }));
    expect(screen.getByRole('heading', { name: 'Restart 2 hosts?' })).toBeDefined();
    expect(screen.getByTestId('action-hosts').textContent).toBe('lab/h2lab/h3');
    await user.click(confirmButton());
    const result = await screen.findByTestId('action-result');
    expect(within(result).getByRole('heading').textContent).toBe('Restart: 1 done, 1 refused');
    expect(within(result).getByRole('alert').textContent).toBe('h3: a restart is already pending');
    expect(api.inputs('hosts.act')).toEqual([
      { namespace: 'lab', name: 'h2', action: 'restart' },
      { namespace: 'lab', name: 'h3', action: 'restart' },
    ]);
    await user.click(within(result).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('bulk-actions')).toBeNull();
    expect(screen.getAllByRole<HTMLInputElement>('checkbox').some((box) => box.checked)).toBe(false);
  });
});

describe('deleting a host from the row menu', () => {
  it('asks for the name of a host in use, and sends it with the delete', async () => {
    const { user, api } = await renderHosts();
    api.answer('hosts.delete', () => ({ ok: true }));
    await choose(user, 'h1', 'Delete…');
    expect(dialog()?.textContent).toContain('it is claimed by a tenant cluster');
    expect(confirmButton().disabled).toBe(true);
    await user.type(screen.getByTestId('confirm-input'), 'h');
    expect(confirmButton().disabled).toBe(true);
    await user.type(screen.getByTestId('confirm-input'), '1');
    expect(confirmButton().disabled).toBe(false);
    await user.click(confirmButton());
    await waitFor(() => {
      expect(dialog()).toBeNull();
    });
    expect(api.inputs('hosts.delete')).toEqual([{ namespace: 'lab', name: 'h1', confirmName: 'h1' }]);
  });

  it('deletes a free host on a plain confirm, and shows the server’s refusal in the dialog', async () => {
    const { user, api } = await renderHosts();
    api.answer('hosts.delete', () => {
      throw refusal('BareMetalHost lab/h2 changed; look again');
    });
    await choose(user, 'h2', 'Delete…');
    expect(screen.queryByTestId('confirm-input')).toBeNull();
    await user.click(confirmButton());
    expect((await screen.findByTestId('confirm-error')).textContent).toBe(
      'BareMetalHost lab/h2 changed; look again',
    );
    expect(api.inputs('hosts.delete')).toEqual([{ namespace: 'lab', name: 'h2' }]);
  });

  it('cancels on Escape with focus back on the row’s menu button', async () => {
    const { user, api } = await renderHosts();
    await choose(user, 'h1', 'Delete…');
    await user.type(screen.getByTestId('confirm-input'), 'h1');
    await escapeDialog(user, screen.getByTestId('confirm-dialog'));
    expect(dialog()).toBeNull();
    expect(api.inputs('hosts.delete')).toEqual([]);
    expect(document.activeElement).toBe(menuButton('h1'));
  });
});

describe('editing labels from the row menu', () => {
  it('reads the labels when it opens, checks each as Kubernetes does, and writes against the version read', async () => {
    const { user, api } = await renderHosts();
    const read = later<{ labels: Record<string, string>; resourceVersion: string }>();
    api.answer('hosts.labels', () => read.promise);
    api.answer('hosts.setLabels', () => ({ ok: true }));
    await choose(user, 'h2', 'Edit labels…');
    expect(screen.getByText('Reading the labels…')).toBeDefined();
    read.resolve({ labels: { 'rackpilot.io/rack': 'r2' }, resourceVersion: '41' });
    expect(await screen.findByDisplayValue('rackpilot.io/rack')).toBeDefined();
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save labels' });
    await user.click(screen.getByRole('button', { name: 'Add label' }));
    await user.type(screen.getByLabelText('Key of label 2'), 'bad key');
    expect(screen.getByLabelText('Key of label 2').getAttribute('aria-invalid')).toBe('true');
    expect(save.disabled).toBe(true);
    await user.clear(screen.getByLabelText('Key of label 2'));
    await user.type(screen.getByLabelText('Key of label 2'), 'team');
    await user.type(screen.getByLabelText('Value of label 2'), 'blue');
    expect(save.disabled).toBe(false);
    await user.click(save);
    await waitFor(() => {
      expect(dialog('labels-dialog')).toBeNull();
    });
    expect(api.inputs('hosts.setLabels')).toEqual([
      {
        namespace: 'lab',
        name: 'h2',
        resourceVersion: '41',
        labels: { 'rackpilot.io/rack': 'r2', team: 'blue' },
      },
    ]);
    // Focus goes back once the dialog has closed, a render after the answer.
    await waitFor(() => {
      expect(document.activeElement).toBe(menuButton('h2'));
    });
  });
});
