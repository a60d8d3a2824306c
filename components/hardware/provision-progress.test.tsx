// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { HardwarePage, HardwareRow, HardwareState } from '@/server/schemas/hardware-list';
import { ConsoleTestApi, later } from '@/tools/testenv/console-test-api';
import { renderConsole } from '@/tools/testenv/render-console';
import { ProvisionProgress } from './provision-progress';

const machines = [
  { namespace: 'lab', name: 'm1', mac: '52:54:00:00:00:01', ip: '10.1.0.11' },
  { namespace: 'lab', name: 'm2', mac: '52:54:00:00:00:02', ip: '10.1.0.12' },
];

/** The boot service's view of each MAC, as the hardware list sends it. */
const states = new Map<string, Pick<HardwareRow, 'state' | 'failureReason' | 'failureMessage'>>();

function row(mac: string): HardwareRow {
  const now = new Date().toISOString();
  const machine = machines.find((candidate) => candidate.mac === mac);
  return {
    mac,
    vendor: null,
    ip: machine?.ip ?? null,
    addressConflict: null,
    uuid: null,
    serial: null,
    firstSeen: now,
    lastSeen: now,
    bootCount: 1,
    machine: machine ? { namespace: machine.namespace, name: machine.name } : null,
    machineIp: machine?.ip ?? null,
    step: null,
    state: 'claimed',
    failureReason: null,
    failureMessage: null,
    ...states.get(mac),
  };
}

/** The page each row's own subscription asked for: the rows whose MAC its search names. */
function pageFor(input: unknown): { view: HardwarePage } {
  const { search } = input as { search: string };
  const rows = [...states.keys()].filter((mac) => mac === search).map(row);
  return {
    view: {
      rows,
      total: rows.length,
      totalAll: states.size,
      page: 1,
      pageSize: 50,
      pageCount: 1,
      states: [],
      at: '',
    },
  };
}

function setState(mac: string, state: HardwareState, failure?: string) {
  states.set(mac, {
    state,
    failureReason: failure ? 'install failed' : null,
    failureMessage: failure ?? null,
  });
}

function renderProgress(canAct = true) {
  states.clear();
  const onDismiss = vi.fn();
  const rendered = renderConsole(
    <ProvisionProgress machines={machines} canAct={canAct} onDismiss={onDismiss} />,
    {
      api: new ConsoleTestApi(),
    },
  );
  return { ...rendered, onDismiss };
}

const progressRow = (name: string) => {
  const found = screen.getAllByTestId('progress-row').find((element) => element.textContent.includes(name));
  if (!found) throw new Error(`no progress row for ${name}`);
  return found;
};

describe('ProvisionProgress', () => {
  it('follows each machine on its own subscription, from waiting to installed', async () => {
    const { api } = renderProgress();
    expect(screen.getByRole('heading').textContent).toBe('Provisioning 2 machines');
    await waitFor(() => {
      expect(api.subscriptions('hardware.list')).toEqual([
        { search: '52:54:00:00:00:01', pageSize: 50 },
        { search: '52:54:00:00:00:02', pageSize: 50 },
      ]);
    });
    await api.push('hardware.list', pageFor);
    expect(progressRow('m1').textContent).toContain('waiting for the machine…');

    setState('52:54:00:00:00:01', 'provisioning');
    await api.push('hardware.list', pageFor);
    await waitFor(() => {
      expect(progressRow('m1').dataset.state).toBe('provisioning');
    });
    expect(progressRow('m2').dataset.state).toBeUndefined();

    setState('52:54:00:00:00:01', 'provisioned');
    setState('52:54:00:00:00:02', 'provisioning');
    await api.push('hardware.list', pageFor);
    await waitFor(() => {
      expect(progressRow('m1').dataset.state).toBe('provisioned');
    });
    expect(within(progressRow('m1')).getByTestId('hardware-state').textContent).toContain('Provisioned');
    expect(progressRow('m2').dataset.state).toBe('provisioning');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('offers Retry on a failed install, says why a retry was refused, and drops it once the install runs again', async () => {
    const { api, user } = renderProgress();
    await waitFor(() => {
      expect(api.subscriptions('hardware.list')).toHaveLength(2);
    });
    setState('52:54:00:00:00:02', 'failed', 'the image checksum did not match');
    await api.push('hardware.list', pageFor);
    const m2 = progressRow('m2');
    await waitFor(() => {
      expect(m2.dataset.state).toBe('failed');
    });
    expect(within(m2).getByTestId('failure-message').textContent).toBe('the image checksum did not match');

    const refused = later<{ status: 'rejected'; message: string }>();
    api.answer('hardware.retry', () => refused.promise);
    const retry = within(m2).getByRole<HTMLButtonElement>('button', { name: 'Retry' });
    await user.click(retry);
    expect(api.inputs('hardware.retry')).toEqual([{ namespace: 'lab', name: 'm2' }]);
    await waitFor(() => {
      expect(retry.disabled).toBe(true);
    });
    refused.resolve({ status: 'rejected', message: 'lab/m2 has no failed install to retry' });
    expect((await within(m2).findByRole('alert')).textContent).toBe('lab/m2 has no failed install to retry');
    expect(retry.disabled).toBe(false);

    api.answer('hardware.retry', () => ({ status: 'done' }));
    await user.click(retry);
    expect(within(m2).queryByRole('alert')).toBeNull();
    setState('52:54:00:00:00:02', 'provisioning');
    await api.push('hardware.list', pageFor);
    await waitFor(() => {
      expect(m2.dataset.state).toBe('provisioning');
    });
    expect(within(m2).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows a viewer the failure without Retry; Dismiss is handed to the page', async () => {
    const { api, user, onDismiss } = renderProgress(false);
    await waitFor(() => {
      expect(api.subscriptions('hardware.list')).toHaveLength(2);
    });
    setState('52:54:00:00:00:01', 'failed', 'no disk without partitions');
    await api.push('hardware.list', pageFor);
    await waitFor(() => {
      expect(progressRow('m1').dataset.state).toBe('failed');
    });
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
