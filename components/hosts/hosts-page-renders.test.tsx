// @vitest-environment happy-dom
import { waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsoleTestApi } from '@/tools/testenv/console-test-api';
import { hostRow, LiveHosts } from '@/tools/testenv/live-hosts';
import { renderConsole, shownRows } from '@/tools/testenv/render-console';
import { HostsPage } from './hosts-page';

// Which host rows rendered: each row renders its name link once, so the names passed to the real
// link are the rows React rendered (twice each under StrictMode, hence a set).
const seen = vi.hoisted(() => ({ names: [] as string[] }));
vi.mock('../console-link', async (importOriginal) => {
  const real = await importOriginal<typeof import('../console-link')>();
  return {
    ConsoleLink: (props: Parameters<typeof real.ConsoleLink>[0]) => {
      const { children } = props;
      const testId = (props as Record<string, unknown>)['data-testid'];
      if (testId === 'host-name' && typeof children === 'string') seen.names.push(children);
      return real.ConsoleLink(props);
    },
  };
});

const names = Array.from({ length: 50 }, (_, index) => `h${String(index).padStart(2, '0')}`);
const group = (name: string) => within(hostRow(name)).getByTestId('host-status').dataset.group;

beforeEach(() => {
  seen.names = [];
});

describe('the hosts list under live changes', () => {
  it('renders again only the rows a snapshot changed, not every row in view', async () => {
    const api = new ConsoleTestApi();
    const hosts = new LiveHosts(api).set(...names.map((name) => ({ name })));
    renderConsole(<HostsPage />, { url: '/hosts', api });
    await hosts.publish();
    await waitFor(() => {
      expect(shownRows().length).toBeGreaterThan(10);
    });
    expect(new Set(seen.names).size).toBe(shownRows().length);
    seen.names = [];
    // h03 is in view, h49 far below it: both change, and the snapshot brings every row as new objects.
    await hosts.set({ name: 'h03', state: 'provisioning' }, { name: 'h49', state: 'provisioning' }).publish();
    await waitFor(() => {
      expect(group('h03')).toBe('provisioning');
    });
    expect([...new Set(seen.names)]).toEqual(['h03']);
  });
});
