/**
 * Contrail's INI files judged against a program's own option list (a JSON file of facts beside the
 * tests, its source named there): every section and key known, every value of the shape the program
 * reads it as. Shared by the vRouter agent's, Control's and Config's tests.
 */
import { readFileSync } from 'node:fs';

export type ValueType = 'string' | 'integer' | 'number' | 'boolean' | 'list';

export interface KnownOptions {
  sections: Record<string, Record<string, ValueType>>;
  sectionPatterns?: Record<string, Record<string, ValueType>>;
  values?: Record<string, { oneOf?: string[]; format?: 'ipv4' | 'ipv4-list' | 'ipv4-prefix' }>;
}

/** What a key the program does not know costs, for the message: ignored, or the file refused. */
export interface Program {
  known: KnownOptions;
  unknownKey: string;
  /** boost's parser ends a line at `#` anywhere; Python's ConfigParser only on a line of its own. */
  inlineComments: boolean;
}

export function loadOptions(file: string): KnownOptions {
  return JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as KnownOptions;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;
/** The words boost accepts for a bool (lower-cased first); an empty value is true. */
const BOOLEANS = ['true', 'false', 'yes', 'no', 'on', 'off', '1', '0', ''];
const SHAPES: Record<ValueType, (value: string) => boolean> = {
  string: () => true,
  integer: (value) => /^\d+$/.test(value),
  number: (value) => /^\d+(\.\d+)?$/.test(value),
  boolean: (value) => BOOLEANS.includes(value.toLowerCase()),
  list: (value) => value.length > 0,
};
const FORMATS = {
  ipv4: (value: string) => IPV4.test(value),
  'ipv4-list': (value: string) => value.split(/\s+/).every((word) => IPV4.test(word)),
  'ipv4-prefix': (value: string) => {
    const [address = '', length = ''] = value.split('/');
    return IPV4.test(address) && /^\d+$/.test(length) && Number(length) < 32;
  },
};

export interface Entry {
  section: string;
  key: string;
  value: string;
}

/** The file as the program's parser reads it: comments dropped, keys and values trimmed. */
export function parseIni(text: string, inlineComments = true): { entries: Entry[]; errors: string[] } {
  const entries: Entry[] = [];
  const errors: string[] = [];
  let section = '';
  for (const [index, raw] of text.split('\n').entries()) {
    const line = (inlineComments ? raw.replace(/#.*/, '') : raw.replace(/^\s*[#;].*/, '')).trim();
    if (!line) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header?.[1]) section = header[1];
    else if (!line.includes('=')) errors.push(`line ${index + 1}: not a section nor key=value: ${raw}`);
    else if (!section) errors.push(`line ${index + 1}: a key before any section: ${raw}`);
    else {
      const at = line.indexOf('=');
      entries.push({ section, key: line.slice(0, at).trim(), value: line.slice(at + 1).trim() });
    }
  }
  return { entries, errors };
}

function keysOf(known: KnownOptions, section: string): Record<string, ValueType> | undefined {
  const pattern = section.replace(/-\d+$/, '-<n>');
  return known.sections[section] ?? known.sectionPatterns?.[pattern];
}

/** What the program would refuse, ignore or misread in one rendered file, as messages; empty when none. */
export function optionProblems(text: string, program: Program): string[] {
  const { known } = program;
  const { entries, errors } = parseIni(text, program.inlineComments);
  const found = [...errors];
  const seen = new Set<string>();
  for (const { section, key, value } of entries) {
    const name = `${section}.${key}`;
    const keys = keysOf(known, section);
    const type = keys?.[key];
    // boost refuses a repeated single-valued option; Python 3's strict ConfigParser refuses any repeat.
    if (seen.has(name)) found.push(`${name} given twice (the parser refuses the file)`);
    seen.add(name);
    if (!keys) found.push(`unknown section [${section}]`);
    else if (!type) found.push(`unknown key ${name} (${program.unknownKey})`);
    else if (!SHAPES[type](value)) found.push(`${name}=${value} is not a ${type}`);
    const rule = known.values?.[name];
    if (rule?.oneOf && !rule.oneOf.includes(value))
      found.push(`${name}=${value} is none of ${rule.oneOf.join(', ')}`);
    if (rule?.format && !FORMATS[rule.format](value)) found.push(`${name}=${value} is not ${rule.format}`);
  }
  return found;
}
