// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreateResult } from '@/server/api/api-rejection';
import { ConsoleTestApi, later } from '@/tools/testenv/console-test-api';
import { renderConsole, type ConsoleRender } from '@/tools/testenv/render-console';
import { HostRegisterPage } from './host-register-page';

function renderForm(role: 'viewer' | 'operator' = 'operator') {
  const api = new ConsoleTestApi().answer('ironic.namespaces', () => ['lab', 'openstack']);
  return renderConsole(<HostRegisterPage />, { url: '/hosts/new', role, api });
}

/** A valid host, pasted field by field (typing is the other tests' subject, and slow to repeat). */
const VALID_HOST: [label: string, text: string][] = [
  ['Namespace', 'lab'],
  ['Name', 'h9'],
  ['BMC address', 'redfish://10.0.0.9/redfish/v1/Systems/1'],
  ['Username', 'admin'],
  ['Password', 'secret'],
];

async function fillIn(user: ConsoleRender['user']) {
  for (const [label, text] of VALID_HOST) {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  }
}

const formError = () => screen.queryByTestId('form-error')?.textContent;
const marked = () =>
  [...document.querySelectorAll<HTMLElement>('[data-invalid="true"]')].map((field) => field.dataset.testid);
const errorUnder = (path: string) =>
  within(screen.getByTestId(`field-${path}`)).queryByRole('alert')?.textContent;
const createButton = () => screen.getByTestId<HTMLButtonElement>('register-host');
const dryRunButton = () => screen.getByTestId<HTMLButtonElement>('dry-run');

describe('a create form (Add host)', () => {
  it('on an empty submit marks each field where it is, and the count says how many are marked', async () => {
    const { user, api } = renderForm();
    await user.click(createButton());
    await waitFor(() => {
      expect(formError()).toMatch(/^Nothing was created: \d+ field\(s\) need attention\.$/);
    });
    expect(marked()).toEqual([
      'field-namespace',
      'field-name',
      'field-bmcAddress',
      'field-username',
      'field-password',
    ]);
    expect(formError()).toBe(`Nothing was created: ${String(marked().length)} field(s) need attention.`);
    expect(errorUnder('namespace')).toBe('Enter a namespace');
    expect(errorUnder('name')).toBe('Enter a name');
    expect(errorUnder('username')).toBe('Enter the BMC user name');
    expect(errorUnder('bootMACAddress')).toBeUndefined();
    // Each marked control says it is invalid and points at its own message.
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter a name',
    );
    expect(api.inputs('hosts.register')).toEqual([]);

    // Fixing one field unmarks it alone; the form-wide message waits for the next submit.
    await user.type(name, 'h9');
    await waitFor(() => {
      expect(errorUnder('name')).toBeUndefined();
    });
    expect(marked()).toHaveLength(4);
    expect(formError()).toBeUndefined();
    await user.click(createButton());
    await waitFor(() => {
      expect(formError()).toBe('Nothing was created: 4 field(s) need attention.');
    });
  });

  it('shows a field’s error once it is left, not while it is typed, and on that field only', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Boot MAC address'), 'zz');
    expect(errorUnder('bootMACAddress')).toBeUndefined();
    await user.tab();
    await waitFor(() => {
      expect(errorUnder('bootMACAddress')).toMatch(/^Not a MAC address/);
    });
    expect(marked()).toEqual(['field-bootMACAddress']);
  });

  it('runs a dry run: buttons held while it runs, then the API server’s acceptance shown, nothing created', async () => {
    const { user, api } = renderForm();
    const answer = later<CreateResult>();
    api.answer('hosts.registerDryRun', () => answer.promise);
    await fillIn(user);
    await user.click(dryRunButton());
    await waitFor(() => {
      expect(dryRunButton().textContent).toBe('Checking…');
    });
    expect(createButton().disabled).toBe(true);
    expect(dryRunButton().disabled).toBe(true);
    expect(api.inputs('hosts.registerDryRun')).toEqual([
      expect.objectContaining({
        namespace: 'lab',
        name: 'h9',
        bmcAddress: 'redfish://10.0.0.9/redfish/v1/Systems/1',
        username: 'admin',
        password: 'secret',
      }),
    ]);
    answer.resolve({ status: 'accepted', message: 'The API server accepts the host and its Secret.' });
    expect((await screen.findByTestId('form-notice')).textContent).toBe(
      'The API server accepts the host and its Secret.',
    );
    expect(createButton().disabled).toBe(false);
    expect(dryRunButton().textContent).toBe('Check (dry run)');
    expect(api.inputs('hosts.register')).toEqual([]);
  });

  it('puts a refusal’s field errors under their fields until they are edited', async () => {
    const { user, api } = renderForm();
    api.answer('hosts.registerDryRun', () => ({
      status: 'rejected',
      message: 'Nothing was created: fix the marked fields',
      fieldErrors: { name: 'Name h9 is in use', bmcAddress: 'The BMC address is taken by lab/h2' },
    }));
    await fillIn(user);
    await user.click(dryRunButton());
    await waitFor(() => {
      expect(formError()).toBe('Nothing was created: fix the marked fields');
    });
    expect(errorUnder('name')).toBe('Name h9 is in use');
    expect(errorUnder('bmcAddress')).toBe('The BMC address is taken by lab/h2');
    expect(marked()).toEqual(['field-name', 'field-bmcAddress']);
    await user.type(screen.getByLabelText('Name'), 'x');
    await waitFor(() => {
      expect(errorUnder('name')).toBeUndefined();
    });
    expect(formError()).toBeUndefined();
  });

  it('creates: buttons held while it runs, then off to the new host’s page', async () => {
    const { user, api, router } = renderForm();
    const answer = later<CreateResult>();
    api.answer('hosts.register', () => answer.promise);
    await fillIn(user);
    await user.click(createButton());
    await waitFor(() => {
      expect(createButton().textContent).toBe('Creating…');
    });
    expect(createButton().disabled).toBe(true);
    expect(dryRunButton().disabled).toBe(true);
    answer.resolve({ status: 'created', namespace: 'lab', name: 'h9' });
    await waitFor(() => {
      expect(router.pushed).toEqual(['/hosts/lab/h9']);
    });
  });

  it('shows a viewer the form without its buttons', () => {
    renderForm('viewer');
    expect(screen.getByRole('heading', { name: 'Add host' })).toBeDefined();
    expect(screen.queryByTestId('register-host')).toBeNull();
    expect(screen.queryByTestId('dry-run')).toBeNull();
  });
});
