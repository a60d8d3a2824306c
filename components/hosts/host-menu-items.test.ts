import { describe, expect, it } from 'vitest';
import type { HostRow } from '@/server/api/hosts/host-row';
import type { MenuItem } from '../ui/row-menu';
import {
  clusterHref,
  hostHref,
  hostMenuItems,
  hostRowMenuItems,
  hostTarget,
  type OpenDialog,
} from './host-menu-items';

function row(change: Partial<HostRow> = {}, status: Partial<HostRow['status']> = {}): HostRow {
  return {
    key: 'lab/r1-wk-01',
    namespace: 'lab',
    name: 'r1-wk-01',
    resourceVersion: '17',
    deleting: false,
    status: {
      group: 'available',
      state: 'available',
      stateLabel: 'Available',
      operational: 'OK',
      errorCount: 0,
      power: 'on',
      online: true,
      powerLabel: 'Powered on',
      tone: 'ok',
      label: 'Available',
      requests: { reboot: false, detach: false, inspect: false },
      ...status,
    },
    ...change,
  };
}

/** A menu as its labels, `—` before an entry set apart. */
function labels(items: MenuItem[]): string[] {
  return items.map((item) => `${item.kind === 'action' && item.separated ? '— ' : ''}${item.label}`);
}

describe('hostMenuItems: the actions the host state offers, then labels and delete', () => {
  it.each<[string, Partial<HostRow['status']>, string[]]>([
    [
      'available and powered on',
      {},
      ['Power off…', 'Restart…', 'Detach…', 'Inspect again…', 'Edit labels…', '— Delete…'],
    ],
    [
      'powered off',
      { power: 'off', online: false },
      ['Power on…', 'Detach…', 'Inspect again…', 'Edit labels…', '— Delete…'],
    ],
    [
      'detached',
      { group: 'detached', requests: { reboot: false, detach: true, inspect: false } },
      ['Power off…', 'Restart…', 'Attach…', 'Edit labels…', '— Delete…'],
    ],
    [
      'registering, with a restart pending',
      {
        group: 'registering',
        state: 'registering',
        requests: { reboot: true, detach: false, inspect: false },
      },
      ['Power off…', 'Edit labels…', '— Delete…'],
    ],
  ])('%s', (_, status, expected) => {
    expect(labels(hostMenuItems(hostTarget(row({}, status)), () => undefined))).toEqual(expected);
  });

  it('opens the dialog of the entry chosen, for this host as offered', () => {
    const opened: OpenDialog[] = [];
    const target = hostTarget(row(), { rack: 'rack-1' });
    for (const item of hostMenuItems(target, (dialog) => opened.push(dialog))) {
      if (item.kind === 'action') item.onSelect();
    }
    expect(opened.map((dialog) => (dialog.kind === 'action' ? dialog.action : dialog.kind))).toEqual([
      'power-off',
      'restart',
      'detach',
      'inspect',
      'labels',
      'delete',
    ]);
    expect(opened).toContainEqual({ kind: 'labels', host: target });
    expect(opened[0]).toEqual({ kind: 'action', action: 'power-off', hosts: [target] });
  });
});

describe('hostTarget', () => {
  it('carries the version and the state the offer was made on; claimed when something holds the host', () => {
    const free = hostTarget(row());
    expect(free).toMatchObject({
      namespace: 'lab',
      name: 'r1-wk-01',
      resourceVersion: '17',
      labels: undefined,
    });
    expect(free.state.claimed).toBe(false);
    const claimed = hostTarget(
      row({ notFree: { kind: 'claimed', reason: 'consumed by Metal3Machine capi/w0' } }),
      { a: 'b' },
    );
    expect(claimed.state.claimed).toBe(true);
    expect(claimed.labels).toEqual({ a: 'b' });
    expect(hostTarget(row({ notFree: { kind: 'unavailable', reason: 'inspecting' } })).state.claimed).toBe(
      false,
    );
  });
});

describe('hostRowMenuItems: the hosts list ⋮ menu', () => {
  const full = row({
    bootMac: '3c:ec:ef:00:00:01',
    bmc: { address: 'ipmi://10.0.0.1', driver: 'ipmi', host: '10.0.0.1' },
    tenant: { namespace: 'sip', name: 'tenant a' },
  });

  it('gives a viewer links and copies only', () => {
    expect(hostRowMenuItems(full)).toEqual([
      { kind: 'link', label: 'Open details', href: '/hosts/lab/r1-wk-01' },
      { kind: 'copy', label: 'Copy name', text: 'r1-wk-01' },
      { kind: 'copy', label: 'Copy boot MAC', text: '3c:ec:ef:00:00:01' },
      { kind: 'copy', label: 'Copy BMC address', text: 'ipmi://10.0.0.1' },
      { kind: 'link', label: 'Open tenant cluster', href: '/clusters/sip/tenant%20a' },
    ]);
    expect(labels(hostRowMenuItems(row()))).toEqual(['Open details', 'Copy name']);
  });

  it('gives an operator the host page’s entries too, Edit labels among them, set apart', () => {
    expect(labels(hostRowMenuItems(row(), () => undefined))).toEqual([
      'Open details',
      'Copy name',
      '— Power off…',
      'Restart…',
      'Detach…',
      'Inspect again…',
      'Edit labels…',
      '— Delete…',
    ]);
  });

  it('encodes names in links', () => {
    expect(hostHref({ namespace: 'a b', name: 'c/d' })).toBe('/hosts/a%20b/c%2Fd');
    expect(clusterHref({ namespace: 'x', name: 'y?z' })).toBe('/clusters/x/y%3Fz');
  });
});
