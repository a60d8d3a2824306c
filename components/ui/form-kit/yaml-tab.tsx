'use client';

import { useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { parse, stringify } from 'yaml';
import type { DocumentReading } from '@/server/schemas/document-problem';
import { YamlBlock } from '../detail-tables';
import { ErrorBox } from '../panel';
import { Tabs } from '../tabs';
import type { SchemaForm } from './use-schema-form';

export interface YamlView<T> {
  /** The objects the form's values create, as the YAML tab shows them. */
  objects: (values: T) => unknown[];
  /**
   * Reads an edited document back into form values (a strict document schema); without it the
   * tab is a read-only preview.
   */
  read?: (document: unknown) => DocumentReading<T>;
  /** The editor's accessible name, e.g. "SIPCluster YAML". */
  label: string;
  /** Under the YAML: what it is. */
  note: ReactNode;
}

function toYaml(objects: unknown[]): string {
  return objects.map((object) => stringify(object, { lineWidth: 0 })).join('---\n');
}

function YamlEditor<T extends FieldValues>({
  kit,
  view,
  read,
}: {
  kit: SchemaForm<T>;
  view: YamlView<T>;
  read: NonNullable<YamlView<T>['read']>;
}) {
  const [text, setText] = useState(() => toYaml(view.objects(kit.form.getValues())));
  const problem = kit.yamlProblem;
  const fieldErrors = kit.allErrors();

  const onText = (next: string) => {
    setText(next);
    let document: unknown;
    try {
      document = parse(next);
    } catch (error) {
      const first = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      kit.setYamlProblem(`Not valid YAML: ${first}`);
      return;
    }
    const reading = read(document);
    if (!reading.ok) {
      kit.setYamlProblem(`${reading.error}. The form keeps its last valid state.`);
      return;
    }
    kit.setYamlProblem(undefined);
    kit.load(reading.values);
  };

  return (
    <div className="space-y-2">
      <textarea
        aria-label={view.label}
        data-testid="yaml-editor"
        value={text}
        spellCheck={false}
        onChange={(event) => {
          onText(event.target.value);
        }}
        rows={36}
        className={`w-full rounded border bg-slate-950 p-3 font-mono text-xs leading-5 text-slate-100 focus:outline-none ${
          problem ? 'border-red-500/80' : 'border-slate-700 focus:border-sky-500'
        }`}
      />
      {problem ? (
        <ErrorBox testId="yaml-error">{problem}</ErrorBox>
      ) : fieldErrors.length > 0 ? (
        <ul data-testid="yaml-field-errors" className="space-y-0.5 text-xs text-red-300">
          {fieldErrors.map(([path, message]) => (
            <li key={path}>
              <span className="font-mono">{path}</span>: {message}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-slate-400">{view.note}</p>
      )}
    </div>
  );
}

/**
 * The Form and YAML tabs of a create form. The fields stay mounted while the YAML shows, so
 * values read from the YAML land in them with their errors; leaving the YAML tab drops its text.
 */
export function FormWithYaml<T extends FieldValues>({
  kit,
  yaml,
  yamlTabLabel,
  children,
}: {
  kit: SchemaForm<T>;
  yaml: YamlView<T>;
  yamlTabLabel: string;
  children: ReactNode;
}) {
  const select = (next: 'form' | 'yaml') => {
    kit.setYamlProblem(undefined);
    kit.setTab(next);
  };
  return (
    <div className="min-w-0 space-y-4">
      <Tabs
        tabs={[
          { id: 'form', label: 'Form' },
          { id: 'yaml', label: yamlTabLabel },
        ]}
        active={kit.tab}
        onSelect={select}
      />
      {kit.tab === 'yaml' &&
        (yaml.read ? (
          <YamlEditor kit={kit} view={yaml} read={yaml.read} />
        ) : (
          <div className="space-y-2">
            <YamlBlock yaml={toYaml(yaml.objects(kit.form.getValues()))} />
            <p className="text-xs text-slate-400">{yaml.note}</p>
          </div>
        ))}
      <div hidden={kit.tab !== 'form'} className="space-y-6">
        {children}
      </div>
    </div>
  );
}
