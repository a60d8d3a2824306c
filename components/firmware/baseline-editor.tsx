'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FleetGroup } from '@/server/api/firmware/fleet-drift';
import type { SettingValue } from '@/server/schemas/firmware-setting-rules';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { ErrorBox, Panel } from '../ui/panel';
import { buttonClass, inputClass } from '../ui/plain-table';
import { refetchAfterChange } from '../ui/refetch-after-change';
import { draftFrom, draftProblems, writableSettings, type BaselineDraft } from './baseline-draft';
import { allowedText, ValueEditor } from './firmware-settings-table';

export interface BaselineStart {
  /** The saved baseline being edited; a new one when absent. */
  id?: string;
  name: string;
  values: Readonly<Record<string, SettingValue>>;
  /** Where the values came from, in words. */
  from: string;
}

/**
 * Makes or edits a baseline of one vendor and model: each writable setting of the schema, named in the
 * baseline when ticked, with its value checked as the host editor checks it.
 */
export function BaselineEditor({
  group,
  start,
  onSaved,
  onClose,
}: {
  group: FleetGroup;
  start: BaselineStart;
  onSaved: (id: string) => void;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const entries = group.entries ?? {};
  const [name, setName] = useState(start.name);
  const [draft, setDraft] = useState<BaselineDraft>(() => draftFrom(start.values, entries));
  const save = useMutation(
    trpc.firmware.saveBaseline.mutationOptions({
      onSuccess: async (answer) => {
        if (answer.status !== 'saved') return;
        await refetchAfterChange(queryClient, trpc.firmware.baselines.queryKey());
        onSaved(answer.id);
      },
    }),
  );
  const problems = {
    ...(save.data?.status === 'rejected' ? save.data.fieldErrors : {}),
    ...draftProblems(draft, entries),
  };
  const named = Object.keys(draft).length;
  const blocked = Object.keys(draftProblems(draft, entries)).length > 0 || named === 0 || !name.trim();
  return (
    <Panel
      title={`${start.id ? 'Edit' : 'New'} baseline · ${group.vendor} ${group.model}`}
      testId="baseline-editor"
    >
      <p className="mb-3 text-sm text-slate-400">
        From {start.from}. Tick the settings the baseline names ({named} now); read-only settings cannot be
        part of one.
      </p>
      <label className="mb-3 flex items-center gap-2 text-sm text-slate-300">
        Name
        <input
          className={inputClass}
          data-testid="baseline-name"
          value={name}
          maxLength={128}
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
      </label>
      <div className="max-h-96 overflow-auto">
        <table className="w-full text-left text-sm" data-testid="baseline-settings">
          <thead className="text-xs uppercase tracking-wide text-slate-400">
            <tr>
              <th scope="col" className="px-2 py-1.5 font-medium">
                In baseline
              </th>
              <th scope="col" className="px-2 py-1.5 font-medium">
                Setting
              </th>
              <th scope="col" className="px-2 py-1.5 font-medium">
                Value
              </th>
              <th scope="col" className="px-2 py-1.5 font-medium">
                Allowed
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-800">
            {writableSettings(entries).map((setting) => {
              const value = draft[setting];
              const majority = group.settings.find((row) => row.name === setting)?.majority ?? '';
              return (
                <tr key={setting}>
                  <td className="px-2 py-1">
                    <input
                      type="checkbox"
                      aria-label={`${setting} in the baseline`}
                      data-testid={`baseline-include-${setting}`}
                      checked={value !== undefined}
                      onChange={(event) => {
                        const { checked } = event.target;
                        setDraft((current) => {
                          const { [setting]: _dropped, ...rest } = current;
                          return checked ? { ...rest, [setting]: majority } : rest;
                        });
                      }}
                      className="h-4 w-4 accent-sky-500"
                    />
                  </td>
                  <td className="px-2 py-1 font-mono text-xs">{setting}</td>
                  <td className="px-2 py-1">
                    {value !== undefined && (
                      <ValueEditor
                        row={{ name: setting, schema: entries[setting] }}
                        value={value}
                        problem={problems[setting]}
                        onChange={(next) => {
                          setDraft((current) => ({ ...current, [setting]: next }));
                        }}
                      />
                    )}
                  </td>
                  <td className="px-2 py-1 text-xs text-slate-400">{allowedText(entries[setting])}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass}
          data-testid="baseline-save"
          disabled={blocked || save.isPending}
          onClick={() => {
            save.mutate({
              ...(start.id ? { id: start.id } : {}),
              name: name.trim(),
              vendor: group.vendor,
              model: group.model,
              settings: draft,
            });
          }}
        >
          Save baseline
        </button>
        <button type="button" className={buttonClass} onClick={onClose}>
          Cancel
        </button>
      </div>
      {save.isError && <ErrorBox>{errorText(save.error)}</ErrorBox>}
      {save.data?.status === 'rejected' && (
        <ErrorBox testId="baseline-rejected">{save.data.message}</ErrorBox>
      )}
    </Panel>
  );
}
