'use client';

import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { ManagerOption } from '@/server/api/contrail/groups-manager-options.handler';
import {
  contrailGroupFormSchema,
  defaultContrailGroupForm,
  UPGRADE_STRATEGIES,
  type ContrailGroupForm,
} from '@/server/schemas/contrail-group-form';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import type { EditTarget } from '../ui/form-kit/edit-form-page';
import { Field, inputClass } from '../ui/form-kit/field';
import { FixedField, FixedIdentityFields } from '../ui/form-kit/fixed-field';
import { useRequiredFormKit } from '../ui/form-kit/form-kit-context';
import { KindFormPage } from '../ui/form-kit/kind-form-page';
import { RadioGroup, Select, TextInput } from '../ui/form-kit/inputs';
import { Section } from '../ui/form-kit/section';
import { useSchemaForm } from '../ui/form-kit/use-schema-form';
import { ContrailTabs } from './contrail-cells';
import { groupYamlObjects } from './contrail-text';
import { NodeMatchPanel } from './node-match-panel';
import { PairList } from './pair-list';
import { ProfileFields } from './profile-fields';

const key = (option: { namespace: string; name: string }) => `${option.namespace}/${option.name}`;

/** The Manager the group joins; choosing one loads its profiles for the picker and the checks. */
function ManagerPicker({ options }: { options: ManagerOption[] }) {
  const { form, errorFor } = useRequiredFormKit();
  const [namespace, manager] = useWatch({ control: form.control, name: ['namespace', 'manager'] }) as [
    string,
    string,
  ];
  const error = errorFor('manager');
  return (
    <select
      id="manager"
      data-testid="manager-picker"
      aria-invalid={Boolean(error)}
      aria-describedby={error ? 'manager-error' : undefined}
      className={inputClass(Boolean(error))}
      value={manager ? `${namespace}/${manager}` : ''}
      onChange={(event) => {
        const chosen = options.find((option) => key(option) === event.target.value);
        const set = { shouldDirty: true, shouldTouch: true };
        form.setValue('namespace', chosen?.namespace ?? '', set);
        form.setValue('manager', chosen?.name ?? '', set);
        form.setValue('knownProfiles', chosen?.profiles ?? [], set);
        const controls = chosen?.controls.map((control) => control.name) ?? [];
        form.setValue('knownControls', controls, set);
        if (!controls.includes(form.getValues('controlInstance') as string))
          form.setValue('controlInstance', '', set);
        const known = new Set(chosen?.profiles.map((p) => p.name));
        const fresh = form.getValues('newProfile.enabled')
          ? (form.getValues('newProfile.name') as string)
          : '';
        const picked = (form.getValues('profiles') as string[]).filter((p) => known.has(p) || p === fresh);
        form.setValue('profiles', picked, set);
      }}
    >
      <option value="">{options.length === 0 ? 'No Manager exists yet' : 'Choose…'}</option>
      {options.map((option) => (
        <option key={key(option)} value={key(option)}>
          {key(option)}
        </option>
      ))}
    </select>
  );
}

/**
 * The Control the agents connect to: one the Manager declares (the form's knownControls), with how far
 * the Manager has brought it, or none and what that means. Controlled, as its options arrive with the
 * Manager (an edit's values and options come after the first render).
 */
function ControlPicker({ options }: { options: ManagerOption[] }) {
  const { form, errorFor } = useRequiredFormKit();
  const [namespace, manager, known, chosen] = useWatch({
    control: form.control,
    name: ['namespace', 'manager', 'knownControls', 'controlInstance'],
  }) as [string, string, string[], string];
  const states = options.find(
    (option) => option.namespace === namespace && option.name === manager,
  )?.controls;
  const error = errorFor('controlInstance');
  return (
    <select
      id="controlInstance"
      name="controlInstance"
      data-testid="control-picker"
      aria-invalid={Boolean(error)}
      aria-describedby={error ? 'controlInstance-error' : undefined}
      className={inputClass(Boolean(error))}
      value={chosen}
      onChange={(event) => {
        form.setValue('controlInstance', event.target.value, {
          shouldDirty: true,
          shouldTouch: true,
          shouldValidate: true,
        });
      }}
    >
      <option value="">None: the agents know no control node and route nothing</option>
      {[...new Set([...known, ...(chosen ? [chosen] : [])])].map((name) => {
        const state = states?.find((control) => control.name === name)?.state;
        return (
          <option key={name} value={name}>
            {state && state !== 'active' ? `${name} (${state}: the group waits for it)` : name}
          </option>
        );
      })}
    </select>
  );
}

function Tolerations() {
  const { form } = useRequiredFormKit();
  const rows = useFieldArray({ control: form.control, name: 'tolerations' });
  return (
    <div className="space-y-2" data-testid="tolerations">
      {rows.fields.map((item, index) => {
        const path = `tolerations.${index}`;
        return (
          <div
            key={item.id}
            className="grid grid-cols-[1.2fr_6rem_1fr_9rem_auto] items-start gap-2"
            data-testid="toleration"
          >
            <Field
              label={<span className="sr-only">{`Toleration ${index + 1} key`}</span>}
              path={`${path}.key`}
            >
              <TextInput path={`${path}.key`} placeholder="taint key (empty: any)" />
            </Field>
            <Field
              label={<span className="sr-only">{`Toleration ${index + 1} operator`}</span>}
              path={`${path}.operator`}
            >
              <Select path={`${path}.operator`}>
                <option value="Exists">Exists</option>
                <option value="Equal">Equal</option>
              </Select>
            </Field>
            <Field
              label={<span className="sr-only">{`Toleration ${index + 1} value`}</span>}
              path={`${path}.value`}
            >
              <TextInput path={`${path}.value`} placeholder="value (Equal)" />
            </Field>
            <Field
              label={<span className="sr-only">{`Toleration ${index + 1} effect`}</span>}
              path={`${path}.effect`}
            >
              <Select path={`${path}.effect`}>
                <option value="">any effect</option>
                <option value="NoSchedule">NoSchedule</option>
                <option value="PreferNoSchedule">PreferNoSchedule</option>
                <option value="NoExecute">NoExecute</option>
              </Select>
            </Field>
            <button
              type="button"
              aria-label={`Remove toleration ${index + 1}`}
              className="rounded px-1.5 text-slate-400 hover:bg-slate-800 hover:text-red-300"
              onClick={() => {
                rows.remove(index);
              }}
            >
              ✕
            </button>
          </div>
        );
      })}
      <button
        type="button"
        data-testid="add-toleration"
        className="rounded border border-slate-700 px-2 py-0.5 text-xs text-slate-300 hover:bg-slate-800"
        onClick={() => {
          rows.append({ key: '', operator: 'Exists', value: '', effect: 'NoSchedule' });
        }}
      >
        + Add toleration
      </button>
    </div>
  );
}

/** The vRouter group form: a new group on a Manager, or with `edit` the live group it opened on. */
export function GroupFormPage({ edit }: { edit?: EditTarget<ContrailGroupForm> } = {}) {
  const trpc = useTRPC();
  const kit = useSchemaForm(contrailGroupFormSchema, edit ? () => edit.values : defaultContrailGroupForm, {
    liveFields: ['name', 'gateway', 'newProfile.name', 'newProfile.coreMask', 'newProfile.numberOfVfs'],
  });
  const options = useQuery(trpc.contrail.groups.managerOptions.queryOptions());
  return (
    <div className="space-y-3">
      <ContrailTabs />
      <KindFormPage
        kit={kit}
        procedures={trpc.contrail.groups}
        edit={edit}
        path="/contrail/groups"
        listLabel="vRouter groups"
        kind="vRouter group"
        create={{
          title: 'New vRouter group',
          noPermission: 'Creating a vRouter group needs the operator role.',
          submit: {
            label: 'Create group',
            testId: 'create-group',
            note: 'Create adds the group to the Manager; the next page follows its agents until the DaemonSet is ready.',
          },
        }}
        yaml={{
          objects: groupYamlObjects,
          label: 'vRouter group YAML',
          note: edit
            ? 'The group’s entry in the Manager’s vrouterTemplates; an edit changes only this entry.'
            : 'The entries Create appends to the Manager’s vrouterTemplates (and vrouterProfileTemplates); its other entries stay. The Manager then creates the Vrouter and its DaemonSet.',
        }}
      >
        <Section title="Group">
          {edit ? (
            <div className="grid gap-3 sm:grid-cols-3">
              <FixedIdentityFields target={edit} />
              <FixedField
                label="Manager"
                path="manager"
                value={edit.values.manager}
                reason={edit.fixed.manager ?? ''}
              />
            </div>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                label="Manager"
                path="manager"
                hint={options.isError ? errorText(options.error) : 'The Contrail Manager the group joins'}
              >
                <ManagerPicker options={options.data ?? []} />
              </Field>
              <Field label="Group name" path="name" hint="A DNS label: lowercase letters, digits and -">
                <TextInput path="name" placeholder="e.g. vrouter-dpdk-group2" />
              </Field>
            </div>
          )}
        </Section>
        <Section title="Nodes">
          <PairList
            path="nodeSelector"
            noun="label"
            keyPlaceholder="node label key"
            valuePlaceholder="value (may be empty)"
            testId="node-selector"
          />
          <NodeMatchPanel self={edit && `${edit.namespace}/${edit.name}`} />
          <div>
            <span className="mb-1 block text-xs font-medium text-slate-300">Tolerations</span>
            <Tolerations />
          </div>
        </Section>
        <Section title="Agent">
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label="Control"
              path="controlInstance"
              hint="The Manager’s Control the agents connect to over XMPP; the group waits until it is active"
            >
              <ControlPicker options={options.data ?? []} />
            </Field>
            <Field label="vRouter gateway" path="gateway" hint="Optional: an IPv4 or IPv6 address">
              <TextInput path="gateway" placeholder="e.g. 10.1.1.1" />
            </Field>
            <div>
              <span className="mb-1 block text-xs font-medium text-slate-300">Upgrade strategy</span>
              <RadioGroup
                path="upgradeStrategy"
                name="upgrade-strategy"
                options={UPGRADE_STRATEGIES.map((value) => ({
                  value,
                  label:
                    value === 'rolling'
                      ? 'Rolling: one node at a time'
                      : 'Delete first: all agents, then new ones',
                }))}
              />
            </div>
          </div>
          <ProfileFields newProfile={!edit} />
        </Section>
      </KindFormPage>
    </div>
  );
}
