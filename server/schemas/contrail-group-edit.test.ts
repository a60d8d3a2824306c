import { describe, expect, it } from 'vitest';
import type { Manager, ManagerGroupTemplate } from '../types/crds/manager';
import { GROUP_FIXED_FIELDS, groupEntryOf, groupFormOf } from './contrail-group-edit';
import { defaultContrailGroupForm, groupFromForm, type ContrailGroupForm } from './contrail-group-form';
import { editMergePatch } from './object-changes';
import { fixedFieldErrors } from './object-edit';

function form(edit: (f: ContrailGroupForm) => void = () => undefined): ContrailGroupForm {
  const f: ContrailGroupForm = {
    ...defaultContrailGroupForm(),
    namespace: 'lab',
    manager: 'lab-contrail',
    name: 'edge',
    nodeSelector: [{ key: 'role', value: 'edge' }],
    profiles: ['kernel'],
    knownProfiles: [{ name: 'kernel', spec: { kernelModeConfiguration: {} } }],
  };
  edit(f);
  return f;
}

function manager(groups: ManagerGroupTemplate[]): Manager {
  return {
    apiVersion: 'contrail.juniper.net/v1alpha1',
    kind: 'Manager',
    metadata: { namespace: 'lab', name: 'lab-contrail' },
    spec: {
      services: {
        vrouterProfileTemplates: [{ metadata: { name: 'kernel' }, spec: { kernelModeConfiguration: {} } }],
        vrouterTemplates: groups,
      },
    },
  };
}

function read(entry: ManagerGroupTemplate) {
  const reading = groupFormOf(manager([entry]), entry);
  if (!reading.ok) throw new Error(reading.error);
  return reading.values;
}

describe('groupFormOf', () => {
  it.each<{ name: string; edit: (f: ContrailGroupForm) => void }>([
    { name: 'a kernel-mode group', edit: () => undefined },
    {
      name: 'a gateway, tolerations and a delete-first upgrade',
      edit: (f) => {
        f.gateway = '10.1.1.1';
        f.upgradeStrategy = 'deleteFirst';
        f.tolerations = [
          { key: '', operator: 'Exists', value: '', effect: '' },
          { key: 'dedicated', operator: 'Equal', value: 'vrouter', effect: 'NoSchedule' },
        ];
      },
    },
  ])('reads back what the create wrote: $name', ({ edit }) => {
    const created = form(edit);
    expect(read(groupFromForm(created))).toEqual(created);
  });

  it('reads an entry the console did not write: the API defaults stand in for absent fields', () => {
    const values = read({
      metadata: { name: 'edge', labels: { team: 'blue' } },
      spec: { nodeSelector: { role: 'edge' }, tolerations: [{ key: 'x', value: 'y' }] },
    });
    expect(values).toMatchObject({
      upgradeStrategy: 'rolling',
      gateway: '',
      profiles: [],
      tolerations: [{ key: 'x', operator: 'Equal', value: 'y', effect: '' }],
    });
  });

  it('says why the form cannot hold a toleration with tolerationSeconds', () => {
    const entry: ManagerGroupTemplate = {
      metadata: { name: 'edge' },
      spec: {
        tolerations: [{ operator: 'Exists' }, { key: 'k', operator: 'Exists', tolerationSeconds: 30 }],
      },
    };
    expect(groupFormOf(manager([entry]), entry)).toEqual({
      ok: false,
      error: 'toleration 2 has tolerationSeconds, which the form has no field for',
    });
  });

  it('finds the entry by name in the Manager’s vrouterTemplates only', () => {
    const edge = groupFromForm(form());
    expect(groupEntryOf(manager([edge]), 'edge')).toBe(edge);
    expect(groupEntryOf(manager([edge]), 'other')).toBeUndefined();
  });
});

describe('a group edit', () => {
  it('patches only the changed fields, keeping what the form has no say over', () => {
    const live: ManagerGroupTemplate = {
      ...groupFromForm(form()),
      metadata: { name: 'edge', kind: 'ContrailVrouter', labels: { team: 'blue' } },
    };
    const base = read(live);
    const edited = { ...base, gateway: '10.9.9.9', nodeSelector: [] };
    expect(editMergePatch(groupFromForm(base), groupFromForm(edited), live)).toEqual({
      spec: { nodeSelector: { role: null }, configuration: { vRouterGateway: '10.9.9.9' } },
    });
  });

  it('refuses a new name, Manager or namespace with the reason', () => {
    const base = form();
    const errors = fixedFieldErrors(GROUP_FIXED_FIELDS, base, { ...base, name: 'x', manager: 'y' });
    expect(Object.keys(errors)).toEqual(['manager', 'name']);
    expect(errors.name).toMatch(/^Cannot change after create: the group’s Vrouter/);
  });
});
