// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EditInput, EditResult } from '@/server/schemas/object-edit';
import { PLACEMENT_FIXED_FIELDS, placementFormOf } from '@/server/schemas/placement-edit';
import type { PlacementForm } from '@/server/schemas/placement-form';
import { ConsoleTestApi } from '@/tools/testenv/console-test-api';
import { renderConsole } from '@/tools/testenv/render-console';
import { PlacementEditPage } from './placement-edit-page';

function liveForm() {
  const reading = placementFormOf({
    apiVersion: 'placement.openstack.org/v1beta1',
    kind: 'PlacementAPI',
    metadata: { namespace: 'openstack', name: 'placement' },
    spec: {
      databaseInstance: 'openstack',
      databaseAccount: 'placement',
      secret: 'osp-secret',
      passwordSelectors: { service: 'PlacementPassword' },
      replicas: 1,
    },
  });
  if (!reading.ok) throw new Error(reading.error);
  return { found: true, resourceVersion: '7', values: reading.values, fixed: PLACEMENT_FIXED_FIELDS };
}

const REVIEW: EditResult = {
  status: 'accepted',
  message: 'The API server accepts this change (dry run: nothing was changed)',
  changes: [{ path: 'spec.replicas', before: 1, after: 3 }],
  yaml: { before: 'replicas: 1\n', after: 'replicas: 3\n' },
};

describe('editing a PlacementAPI', () => {
  it('opens on the live object with the fixed fields read-only, reviews the diff, then applies it', async () => {
    const api = new ConsoleTestApi()
      .answer('placement.editForm', () => liveForm())
      .answer('placement.namespaces', () => ['openstack'])
      // The Secret the object names is gone: it is still shown as chosen.
      .answer('placement.secretOptions', () => ({ names: ['other-secret'] }))
      .answer('placement.editDryRun', () => REVIEW)
      .answer('placement.edit', () => ({
        status: 'applied',
        namespace: 'openstack',
        name: 'placement',
        resourceVersion: '8',
        changes: [],
      }));
    const { user, router } = renderConsole(<PlacementEditPage namespace="openstack" name="placement" />, {
      url: '/placement/openstack/placement/edit',
      api,
    });
    const replicas = await screen.findByLabelText<HTMLInputElement>('Replicas');
    expect(replicas.value).toBe('1');
    expect(screen.getByTestId('fixed-name').textContent).toContain('cannot be renamed');
    expect(screen.getByTestId('fixed-databaseAccount').textContent).toContain('MariaDBAccount');
    const secret = screen.getByLabelText<HTMLSelectElement>('Password Secret');
    await waitFor(() => {
      expect([...secret.options].map((option) => option.value)).toEqual(['', 'osp-secret', 'other-secret']);
    });
    // happy-dom does not show the value react-hook-form sets on a select (Chromium does: the e2e checks it).
    await user.selectOptions(secret, 'osp-secret');

    await user.clear(replicas);
    await user.type(replicas, '3');
    await user.click(screen.getByTestId('review-edit'));
    const review = await screen.findByTestId('edit-review');
    expect(
      within(review)
        .getAllByTestId('change-row')
        .map((row) => row.textContent),
    ).toEqual(['spec.replicas13']);
    const [sent] = api.inputs('placement.editDryRun') as EditInput<PlacementForm>[];
    expect(sent).toMatchObject({
      resourceVersion: '7',
      base: { replicas: 1 },
      values: { replicas: 3, secret: 'osp-secret' },
    });

    await user.click(screen.getByTestId('apply-edit'));
    await waitFor(() => {
      expect(router.pushed).toEqual(['/placement/openstack/placement']);
    });
    expect(api.inputs('placement.edit')).toEqual([sent]);
  });
});
