'use client';

import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import type { ContrailGroupForm } from '@/server/schemas/contrail-group-form';
import { Field, GroupError } from '../ui/form-kit/field';
import { useRequiredFormKit } from '../ui/form-kit/form-kit-context';
import { Checkbox, NumberInput, RadioGroup, TextInput } from '../ui/form-kit/inputs';
import { profileText } from './contrail-text';
import { PairList } from './pair-list';

const MODES = [
  { value: 'dpdk', label: 'DPDK' },
  { value: 'sriov', label: 'SR-IOV' },
  { value: 'kernel', label: 'Kernel mode' },
  { value: 'other', label: 'Other settings' },
];

/**
 * The group's profiles: the Manager's, picked by name, and (with `newProfile`, at create) an optional
 * new one defined here, which the group then uses (renaming it renames the pick).
 */
export function ProfileFields({ newProfile }: { newProfile: boolean }) {
  const { form } = useRequiredFormKit();
  const values = useWatch({ control: form.control }) as ContrailGroupForm;
  const picked = values.profiles;
  const fresh = values.newProfile;
  const freshName = fresh.enabled ? fresh.name : '';
  const previous = useRef('');

  useEffect(() => {
    const before = previous.current;
    previous.current = freshName;
    if (before === freshName) return;
    const current = form.getValues('profiles') as string[];
    const without = current.filter((name) => name !== before);
    form.setValue('profiles', freshName ? [...without, freshName] : without, { shouldDirty: true });
  }, [freshName, form]);

  const toggle = (name: string, on: boolean) => {
    form.setValue('profiles', on ? [...picked, name] : picked.filter((p) => p !== name), {
      shouldDirty: true,
      shouldTouch: true,
    });
  };

  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-1 text-xs font-medium text-slate-300">Profiles of the Manager</legend>
        {values.knownProfiles.length === 0 ? (
          <p className="text-sm text-slate-400">
            {values.manager
              ? 'This Manager has no profiles yet: define one below.'
              : 'Choose a Manager first.'}
          </p>
        ) : (
          <div className="flex flex-wrap gap-x-5 gap-y-1" data-testid="profile-picker">
            {values.knownProfiles.map((profile) => (
              <label key={profile.name} className="flex items-center gap-2 text-sm text-slate-200">
                <input
                  type="checkbox"
                  data-testid={`profile-${profile.name}`}
                  checked={picked.includes(profile.name)}
                  onChange={(event) => {
                    toggle(profile.name, event.target.checked);
                  }}
                />
                <code>{profile.name}</code>
                <span className="text-xs text-slate-400">{profileText(profile.spec)}</span>
              </label>
            ))}
          </div>
        )}
        <GroupError path="profiles" className="mt-1 text-xs text-red-300" />
        {picked.map((_, index) => (
          <GroupError key={index} path={`profiles.${index}`} className="mt-1 text-xs text-red-300" />
        ))}
      </fieldset>

      {newProfile && (
        <div className="space-y-3 rounded border border-slate-800 p-3">
          <Checkbox path="newProfile.enabled" testId="new-profile">
            Define a new profile for this group
          </Checkbox>
          {fresh.enabled && (
            <div className="space-y-3" data-testid="new-profile-editor">
              <div className="grid gap-3 sm:grid-cols-2">
                <Field label="Profile name" path="newProfile.name" hint="A DNS label, unique on the Manager">
                  <TextInput path="newProfile.name" placeholder="e.g. dpdk-profile2" />
                </Field>
                <div>
                  <span className="mb-1 block text-xs font-medium text-slate-300">Forwarding</span>
                  <RadioGroup path="newProfile.mode" name="profile-mode" options={MODES} />
                </div>
              </div>
              {fresh.mode === 'dpdk' && (
                <div className="grid gap-3 sm:grid-cols-4">
                  <Field label="Core mask" path="newProfile.coreMask" hint="Non-zero hex, e.g. 0xF">
                    <TextInput path="newProfile.coreMask" />
                  </Field>
                  <Field label="2 MiB hugepages" path="newProfile.hugepages2M">
                    <NumberInput path="newProfile.hugepages2M" min={0} />
                  </Field>
                  <Field label="1 GiB hugepages" path="newProfile.hugepages1G">
                    <NumberInput path="newProfile.hugepages1G" min={0} />
                  </Field>
                  <Field label="CPU pinning" path="newProfile.cpuPinning" hint="Optional, e.g. 2-5,8">
                    <TextInput path="newProfile.cpuPinning" />
                  </Field>
                </div>
              )}
              {fresh.mode === 'sriov' && (
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field
                    label="VFs per node"
                    path="newProfile.numberOfVfs"
                    hint="At most what every matched node advertises"
                  >
                    <NumberInput path="newProfile.numberOfVfs" min={1} />
                  </Field>
                  <Field
                    label="VF mappings"
                    path="newProfile.vfMappings"
                    hint="Physical networks, comma-separated"
                  >
                    <TextInput
                      path="newProfile.vfMappings"
                      keepSpaces
                      placeholder="e.g. physnet1, physnet2"
                    />
                  </Field>
                </div>
              )}
              <div>
                <span className="mb-1 block text-xs font-medium text-slate-300">More agent settings</span>
                <PairList
                  path="newProfile.moreConfig"
                  noun="setting"
                  keyPlaceholder="log_level"
                  valuePlaceholder="SYS_NOTICE"
                  testId="more-config"
                />
              </div>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
