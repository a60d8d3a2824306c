// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ManagerOption } from '@/server/api/contrail/groups-manager-options.handler';
import { ConsoleTestApi } from '@/tools/testenv/console-test-api';
import { renderConsole } from '@/tools/testenv/render-console';
import { GroupFormPage } from './group-form-page';

const OPTIONS: ManagerOption[] = [
  { namespace: 'edge', name: 'edge-contrail', profiles: [], controls: [], groups: [] },
  {
    namespace: 'lab',
    name: 'lab-contrail',
    profiles: [],
    controls: [
      { name: 'control1', state: 'active' },
      { name: 'control2', state: 'not active yet' },
    ],
    groups: [],
  },
];
const NONE = 'None: the agents know no control node and route nothing';

describe('a new vRouter group', () => {
  it('names one of the chosen Manager’s Controls, with how far each has come, or none, said as what it means', async () => {
    const api = new ConsoleTestApi()
      .answer('contrail.groups.managerOptions', () => OPTIONS)
      .answer('contrail.groups.matchingNodes', () => ({ count: 0, nodes: [], taken: 0, vfCapacity: null }))
      .answer('contrail.groups.create', () => ({ status: 'created', namespace: 'lab', name: 'g1' }));
    const { user } = renderConsole(<GroupFormPage />, { url: '/contrail/groups/new', role: 'operator', api });
    const control = screen.getByLabelText<HTMLSelectElement>('Control');
    const offered = () => [...control.options].map((option) => option.text);
    expect(offered()).toEqual([NONE]);
    const manager = screen.getByTestId<HTMLSelectElement>('manager-picker');
    await screen.findByRole('option', { name: 'lab/lab-contrail' });

    await user.selectOptions(manager, 'lab/lab-contrail');
    expect(offered()).toEqual([NONE, 'control1', 'control2 (not active yet: the group waits for it)']);
    await user.selectOptions(control, 'control2');
    // Another Manager's Controls replace them, and a Control that Manager does not declare is dropped.
    await user.selectOptions(manager, 'edge/edge-contrail');
    expect(offered()).toEqual([NONE]);
    expect(control.value).toBe('');

    await user.selectOptions(manager, 'lab/lab-contrail');
    await user.selectOptions(control, 'control1');
    await user.type(screen.getByLabelText('Group name'), 'g1');
    await user.click(screen.getByTestId('create-group'));
    await waitFor(() => {
      expect(api.inputs('contrail.groups.create')).toHaveLength(1);
    });
    expect(api.inputs('contrail.groups.create')[0]).toMatchObject({
      namespace: 'lab',
      manager: 'lab-contrail',
      name: 'g1',
      controlInstance: 'control1',
      knownControls: ['control1', 'control2'],
    });
  });
});
