// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IRONIC_FIXED_FIELDS, ironicFormOf } from '@/server/schemas/ironic-edit';
import type { EditInput, EditResult } from '@/server/schemas/object-edit';
import type { IronicForm } from '@/server/schemas/ironic-form';
import { ConsoleTestApi } from '@/tools/testenv/console-test-api';
import { renderConsole } from '@/tools/testenv/render-console';
import { IronicEditPage } from './ironic-edit-page';

function liveForm(resourceVersion: string) {
  const reading = ironicFormOf({
    apiVersion: 'metal3.io/v1alpha1',
    kind: 'Ironic',
    metadata: { namespace: 'lab', name: 'i1' },
    spec: {
      databaseRef: { name: 'i1-db' },
      networking: {
        interface: 'eth1',
        ipAddress: '10.89.0.2',
        dhcp: { networkCIDR: '10.89.0.0/24', rangeEnd: '10.89.0.100' },
      },
    },
  });
  if (!reading.ok) throw new Error(reading.error);
  return { found: true, resourceVersion, values: reading.values, fixed: IRONIC_FIXED_FIELDS };
}

const CHANGES = [{ path: 'spec.networking.dhcp.rangeEnd', before: '10.89.0.100', after: '10.89.0.200' }];

const REVIEW: EditResult = {
  status: 'accepted',
  message: 'The API server accepts this change (dry run: nothing was changed)',
  changes: CHANGES,
  yaml: { before: 'rangeEnd: 10.89.0.100\n', after: 'rangeEnd: 10.89.0.200\n' },
};

function renderEdit(api: ConsoleTestApi) {
  api
    .answer('ironic.namespaces', () => ['lab'])
    .answer('ironic.namespaceOptions', () => ({ secrets: { names: [] }, databases: [] }));
  return renderConsole(<IronicEditPage namespace="lab" name="i1" />, { url: '/ironic/lab/i1/edit', api });
}

async function changeRangeEnd(user: ReturnType<typeof renderEdit>['user']) {
  const rangeEnd = await screen.findByLabelText('Range end');
  await user.clear(rangeEnd);
  await user.type(rangeEnd, '10.89.0.200');
}

describe('editing an Ironic', () => {
  it('opens on the live object, shows fixed fields with why, reviews the diff, then applies it', async () => {
    const api = new ConsoleTestApi()
      .answer('ironic.editForm', () => liveForm('7'))
      .answer('ironic.editDryRun', () => REVIEW)
      .answer('ironic.edit', () => ({
        status: 'applied',
        namespace: 'lab',
        name: 'i1',
        resourceVersion: '8',
        changes: [],
      }));
    const { user, router } = renderEdit(api);
    expect((await screen.findByLabelText<HTMLInputElement>('Range end')).value).toBe('10.89.0.100');
    expect(screen.getByTestId('fixed-name').textContent).toContain('cannot be renamed');
    expect(screen.getByTestId('fixed-database.name').textContent).toContain(
      'spec.databaseRef cannot be changed',
    );
    expect(screen.queryByLabelText('Generate a self-signed certificate')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('apply-edit').disabled).toBe(true);

    await changeRangeEnd(user);
    await user.click(screen.getByTestId('review-edit'));
    const review = await screen.findByTestId('edit-review');
    expect(
      within(review)
        .getAllByTestId('change-row')
        .map((row) => row.textContent),
    ).toEqual(['spec.networking.dhcp.rangeEnd10.89.0.10010.89.0.200']);
    const [sent] = api.inputs('ironic.editDryRun') as EditInput<IronicForm>[];
    expect(sent).toMatchObject({ resourceVersion: '7', base: { networking: { rangeEnd: '10.89.0.100' } } });
    expect(sent?.values.networking.rangeEnd).toBe('10.89.0.200');

    await user.click(screen.getByTestId('apply-edit'));
    await waitFor(() => {
      expect(router.pushed).toEqual(['/ironic/lab/i1']);
    });
    expect(api.inputs('ironic.edit')).toEqual([sent]);
  });

  function conflictApi(version: () => string) {
    return new ConsoleTestApi()
      .answer('ironic.editForm', () => liveForm(version()))
      .answer('ironic.editDryRun', (input) =>
        (input as EditInput<IronicForm>).resourceVersion === '7'
          ? {
              status: 'rejected',
              message: 'The Ironic changed since you opened it: re-apply your edit on top, or reload',
              fieldErrors: {},
              conflict: {
                resourceVersion: '9',
                values: {
                  ...liveForm('9').values,
                  networking: { ...liveForm('9').values.networking, interface: 'eth2' },
                },
                theirs: [{ path: 'spec.networking.interface', before: 'eth1', after: 'eth2' }],
                yours: CHANGES,
              },
            }
          : REVIEW,
      );
  }

  it('shows a change made meanwhile, theirs and mine, and re-applies mine on top (reviewed again)', async () => {
    const api = conflictApi(() => '7');
    const { user } = renderEdit(api);
    await changeRangeEnd(user);
    await user.click(screen.getByTestId('review-edit'));
    const conflict = await screen.findByTestId('edit-conflict');
    expect(screen.getByTestId('form-error').textContent).toContain('changed since you opened it');
    expect(within(conflict).getByTestId('conflict-theirs').textContent).toContain(
      'spec.networking.interface',
    );
    expect(within(conflict).getByTestId('conflict-yours').textContent).toContain('10.89.0.200');

    await user.click(screen.getByTestId('reapply-edit'));
    await screen.findByTestId('edit-review');
    const versions = (api.inputs('ironic.editDryRun') as EditInput<IronicForm>[]).map(
      (input) => input.resourceVersion,
    );
    expect(versions).toEqual(['7', '9']);
    const [, onTop] = api.inputs('ironic.editDryRun') as EditInput<IronicForm>[];
    expect(onTop?.seen?.networking.interface).toBe('eth2');
    expect(onTop?.base.networking.interface).toBe('eth1');
    expect(screen.queryByTestId('edit-conflict')).toBeNull();
  });

  it('reloads: the edit is dropped and the form opens on the object as it is now', async () => {
    let version = '7';
    const api = conflictApi(() => version);
    const { user } = renderEdit(api);
    await changeRangeEnd(user);
    await user.click(screen.getByTestId('review-edit'));
    await screen.findByTestId('edit-conflict');
    version = '9';
    await user.click(screen.getByTestId('reload-edit'));
    await waitFor(() => {
      expect(screen.queryByTestId('edit-conflict')).toBeNull();
    });
    expect(screen.getByLabelText<HTMLInputElement>('Range end').value).toBe('10.89.0.100');
    expect(api.inputs('ironic.editForm')).toHaveLength(2);
  });
});
