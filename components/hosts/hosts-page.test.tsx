// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsoleTestApi } from '@/tools/testenv/console-test-api';
import { hostRow, LiveHosts } from '@/tools/testenv/live-hosts';
import { renderConsole, shownRows } from '@/tools/testenv/render-console';
import { HostsPage } from './hosts-page';

/** The hosts page sorted by rack, with h1 in r3, h2 in r2 and h3 in r1: shown h3, h2, h1. */
async function renderHosts(role: 'viewer' | 'operator' = 'operator', url = '/hosts?sort=rack') {
  const api = new ConsoleTestApi();
  const hosts = new LiveHosts(api).set(
    { name: 'h1', rack: 'r3' },
    { name: 'h2', rack: 'r2' },
    { name: 'h3', rack: 'r1' },
  );
  const rendered = renderConsole(<HostsPage />, { url, role, api });
  expect(screen.getByText('Loading hosts…')).toBeDefined();
  await hosts.publish();
  await waitFor(() => {
    expect(shownRows()).toEqual(['lab/h3', 'lab/h2', 'lab/h1']);
  });
  return { ...rendered, hosts, table: screen.getByTestId('hosts-table') };
}

const orderHeld = () => screen.queryByTestId('order-held')?.textContent;

describe('the hosts list, live', () => {
  it('shows the server’s page: its rows in order, the count and the query it asked for', async () => {
    const { api } = await renderHosts();
    expect(screen.getByTestId('host-count').textContent).toBe('3 of 3 hosts');
    expect(api.subscriptions('hosts.list')).toEqual([
      expect.objectContaining({ sort: 'rack', dir: 'asc', page: 1, pageSize: 50, search: '' }),
    ]);
    expect(screen.getByTestId('updated-ago').textContent).toMatch(/^updated \d+ s ago$/);
  });

  it('applies a new order at once while the pointer is away, keeping each row’s element and focus', async () => {
    const { user, hosts } = await renderHosts();
    const h2 = hostRow('h2');
    const h2Box = within(h2).getByRole<HTMLInputElement>('checkbox', { name: 'Select h2' });
    h2Box.focus();
    hosts.set({ name: 'h2', rack: 'r9' });
    await hosts.publish();
    await waitFor(() => {
      expect(shownRows()).toEqual(['lab/h3', 'lab/h1', 'lab/h2']);
    });
    expect(hostRow('h2')).toBe(h2);
    expect(document.activeElement).toBe(h2Box);
    // The keyboard goes on from where it was: Space ticks h2, not the row now in h2's old place.
    await user.keyboard(' ');
    expect(h2Box.checked).toBe(true);
    expect(within(hostRow('h1')).getByRole<HTMLInputElement>('checkbox').checked).toBe(false);
  });

  it('holds the order under the pointer: changes land in place, leavers stay greyed, newcomers are counted', async () => {
    const { user, hosts, table } = await renderHosts();
    await user.hover(table);
    hosts.set({ name: 'h3', rack: 'r9', state: 'provisioning' }, { name: 'h4', rack: 'r0' }).remove('h1');
    await hosts.publish();
    await waitFor(() => {
      expect(orderHeld()).toBe('Order held while the pointer is over the table · 1 new');
    });
    expect(shownRows()).toEqual(['lab/h3', 'lab/h2', 'lab/h1 (gone)']);
    // The change itself is shown at once, in the row's old place.
    expect(within(hostRow('h3')).getByTestId('host-status').dataset.group).toBe('provisioning');
    expect(screen.getByTestId('host-count').textContent).toBe('3 of 3 hosts');
    await user.unhover(table);
    await waitFor(() => {
      expect(shownRows()).toEqual(['lab/h4', 'lab/h2', 'lab/h3']);
    });
    expect(orderHeld()).toBeUndefined();
  });

  it('keeps the selection on the hosts picked, whatever their place after an update', async () => {
    const { user, hosts, table } = await renderHosts();
    await user.click(within(hostRow('h3')).getByRole('checkbox'));
    await user.click(within(hostRow('h1')).getByRole('checkbox'));
    expect(screen.getByTestId('bulk-actions').textContent).toContain('2 selected');
    await user.unhover(table);
    hosts.set({ name: 'h3', rack: 'r9' }, { name: 'h1', rack: 'r0', poweredOn: false });
    await hosts.publish();
    await waitFor(() => {
      expect(shownRows()).toEqual(['lab/h1', 'lab/h2', 'lab/h3']);
    });
    const ticked = ['h1', 'h2', 'h3'].map(
      (name) => within(hostRow(name)).getByRole<HTMLInputElement>('checkbox').checked,
    );
    expect(ticked).toEqual([true, false, true]);
    expect(screen.getByTestId('bulk-actions').textContent).toContain('2 selected');
  });

  it('holds the order while a row menu is open, even with the pointer gone, and applies it once closed', async () => {
    const { user, hosts, table } = await renderHosts();
    const menuButton = within(hostRow('h2')).getByRole('button', { name: 'Actions for h2' });
    await user.click(menuButton);
    await user.unhover(table);
    hosts.set({ name: 'h2', rack: 'r9' });
    await hosts.publish();
    await waitFor(() => {
      expect(orderHeld()).toBe('Order held while the pointer is over the table');
    });
    expect(shownRows()).toEqual(['lab/h3', 'lab/h2', 'lab/h1']);
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(shownRows()).toEqual(['lab/h3', 'lab/h1', 'lab/h2']);
    });
    expect(document.activeElement).toBe(menuButton);
  });

  it('shows the answer to a new query at once, pointer or not: the user asked for it', async () => {
    const { user, hosts, table, api } = await renderHosts();
    await user.hover(table);
    await user.click(screen.getByTestId('sort-rack'));
    expect(window.location.search).toBe('?sort=-rack');
    await waitFor(() => {
      expect(api.subscriptions('hosts.list')).toEqual([
        expect.objectContaining({ sort: 'rack', dir: 'desc' }),
      ]);
    });
    await hosts.publish();
    await waitFor(() => {
      expect(shownRows()).toEqual(['lab/h1', 'lab/h2', 'lab/h3']);
    });
    expect(orderHeld()).toBeUndefined();
  });

  it('offers a viewer no selection and no actions, only links and copies', async () => {
    const { user } = await renderHosts('viewer');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(within(hostRow('h1')).getByRole('button', { name: 'Actions for h1' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Open details',
      'Copy name',
      'Copy boot MAC',
      'Copy BMC address',
    ]);
  });
});
