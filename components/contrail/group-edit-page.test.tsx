// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GROUP_FIXED_FIELDS, groupFormOf } from '@/server/schemas/contrail-group-edit';
import type { ContrailGroupForm } from '@/server/schemas/contrail-group-form';
import type { EditInput, EditResult } from '@/server/schemas/object-edit';
import type { Manager, ManagerGroupTemplate } from '@/server/types/crds/manager';
import { ConsoleTestApi } from '@/tools/testenv/console-test-api';
import { renderConsole } from '@/tools/testenv/render-console';
import { GroupEditPage } from './group-edit-page';

function liveForm() {
  const entry: ManagerGroupTemplate = {
    metadata: { name: 'edge', kind: 'ContrailVrouter' },
    spec: {
      nodeSelector: { role: 'edge' },
      configuration: { vRouterGateway: '10.1.1.1', controlInstance: 'control1', profiles: ['kernel'] },
    },
  };
  const manager = {
    metadata: { namespace: 'lab', name: 'lab-contrail' },
    spec: {
      services: {
        controls: [{ metadata: { name: 'control1' } }, { metadata: { name: 'control2' } }],
        vrouterProfileTemplates: [
          { metadata: { name: 'kernel' }, spec: { kernelModeConfiguration: {} } },
          { metadata: { name: 'tuning' }, spec: { otherConfig: {} } },
        ],
        vrouterTemplates: [entry],
      },
    },
  } as Manager;
  const reading = groupFormOf(manager, entry);
  if (!reading.ok) throw new Error(reading.error);
  return { found: true, resourceVersion: '7', values: reading.values, fixed: GROUP_FIXED_FIELDS };
}

const CONFLICT: EditResult<ContrailGroupForm> = {
  status: 'rejected',
  message: 'The vRouter group changed since you opened it: re-apply your edit on top, or reload',
  fieldErrors: {},
  conflict: {
    resourceVersion: '9',
    values: { ...liveForm().values, upgradeStrategy: 'deleteFirst' },
    theirs: [{ path: 'spec.upgradeStrategy', before: 'rolling', after: 'deleteFirst' }],
    yours: [{ path: 'spec.configuration.vRouterGateway', before: '10.1.1.1', after: '10.1.1.5' }],
  },
};

describe('editing a vRouter group', () => {
  it('opens on the live entry with its name and Manager fixed and no new profile, and shows a conflict', async () => {
    const api = new ConsoleTestApi()
      .answer('contrail.groups.editForm', () => liveForm())
      .answer('contrail.groups.managerOptions', () => [
        {
          namespace: 'lab',
          name: 'lab-contrail',
          profiles: [],
          controls: [
            { name: 'control1', state: 'active' },
            { name: 'control2', state: 'not created yet' },
          ],
          groups: ['edge'],
        },
      ])
      .answer('contrail.groups.matchingNodes', () => ({ count: 1, nodes: [], taken: 0, vfCapacity: 0 }))
      .answer('contrail.groups.editDryRun', () => CONFLICT);
    const { user } = renderConsole(<GroupEditPage namespace="lab" name="edge" />, {
      url: '/contrail/groups/lab/edge/edit',
      api,
    });
    const gateway = await screen.findByLabelText<HTMLInputElement>('vRouter gateway');
    expect(gateway.value).toBe('10.1.1.1');
    expect(screen.getByTestId('fixed-name').textContent).toContain('named after it');
    expect(within(screen.getByTestId('fixed-manager')).getByRole<HTMLInputElement>('textbox').value).toBe(
      'lab-contrail',
    );
    expect(screen.queryByTestId('new-profile')).toBeNull();
    // The group's Control, among the Manager's with how far each has come, or none.
    const control = screen.getByLabelText<HTMLSelectElement>('Control');
    expect(control.value).toBe('control1');
    await waitFor(() => {
      expect([...control.options].map((option) => option.text)).toEqual([
        'None: the agents know no control node and route nothing',
        'control1',
        'control2 (not created yet: the group waits for it)',
      ]);
    });
    expect(screen.getByTestId('profile-tuning')).toBeDefined();
    // The node count leaves out the group's own nodes.
    await waitFor(() => {
      expect(api.inputs('contrail.groups.matchingNodes')).toContainEqual({
        selector: [{ key: 'role', value: 'edge' }],
        self: 'lab/edge',
      });
    });

    await user.clear(gateway);
    await user.type(gateway, '10.1.1.5');
    await user.click(screen.getByTestId('review-edit'));
    const conflict = await screen.findByTestId('edit-conflict');
    expect(within(conflict).getByTestId('conflict-theirs').textContent).toContain('spec.upgradeStrategy');
    const [sent] = api.inputs('contrail.groups.editDryRun') as EditInput<ContrailGroupForm>[];
    expect(sent).toMatchObject({
      namespace: 'lab',
      name: 'edge',
      resourceVersion: '7',
      base: { gateway: '10.1.1.1' },
      values: { gateway: '10.1.1.5', manager: 'lab-contrail' },
    });
  });
});
