/**
 * The vRouter agent is not in Debian, and it reads its file with boost::program_options allowing
 * unregistered options: a key it does not know is dropped without a word, so a wrong name is a
 * setting silently lost. Each rendered `vrouter.<pod IP>` (upstream's samples, the design's groups
 * and a realistic DPDK group) is parsed as boost parses it and judged against the agent's own option
 * list, vrouter-agent-options.json (its source named there): every section and key known, every value
 * of the shape the agent reads.
 */
import { readFileSync } from 'node:fs';
import type { V1ConfigMap } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { contrailSamplePlans } from '@/tools/testenv/contrail-sample-plans';

type ValueType = 'string' | 'integer' | 'number' | 'boolean' | 'list';

interface KnownOptions {
  sections: Record<string, Record<string, ValueType>>;
  sectionPatterns: Record<string, Record<string, ValueType>>;
  values: Record<string, { oneOf?: string[]; format?: 'ipv4' | 'ipv4-list' | 'ipv4-prefix' }>;
}

const known = JSON.parse(
  readFileSync(new URL('vrouter-agent-options.json', import.meta.url), 'utf8'),
) as KnownOptions;

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

interface Entry {
  section: string;
  key: string;
  value: string;
}

/** The file as boost's config-file parser reads it: `#` starts a comment anywhere, values trimmed. */
function parseAgentIni(text: string): { entries: Entry[]; errors: string[] } {
  const entries: Entry[] = [];
  const errors: string[] = [];
  let section = '';
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.replace(/#.*/, '').trim();
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

function keysOf(section: string): Record<string, ValueType> | undefined {
  const pattern = section.replace(/-\d+$/, '-<n>');
  return known.sections[section] ?? known.sectionPatterns[pattern];
}

/** What the agent would ignore or misread in one rendered file, as messages; empty when none. */
function problems(text: string): string[] {
  const { entries, errors } = parseAgentIni(text);
  const found = [...errors];
  const seen = new Set<string>();
  for (const { section, key, value } of entries) {
    const name = `${section}.${key}`;
    const keys = keysOf(section);
    const type = keys?.[key];
    if (seen.has(name)) found.push(`${name} given twice (boost refuses the file)`);
    seen.add(name);
    if (!keys) found.push(`unknown section [${section}]`);
    else if (!type) found.push(`unknown key ${name} (the agent ignores it)`);
    else if (!SHAPES[type](value)) found.push(`${name}=${value} is not a ${type}`);
    const rule = known.values[name];
    if (rule?.oneOf && !rule.oneOf.includes(value))
      found.push(`${name}=${value} is none of ${rule.oneOf.join(', ')}`);
    if (rule?.format && !FORMATS[rule.format](value)) found.push(`${name}=${value} is not ${rule.format}`);
  }
  return found;
}

function renderedAgentFiles(): [string, string, string][] {
  return contrailSamplePlans().flatMap((plan) =>
    plan.objects
      .filter((o): o is V1ConfigMap => o.kind === 'ConfigMap' && plan.input.startsWith('Vrouter'))
      .flatMap((configMap) =>
        Object.entries(configMap.data ?? {})
          .filter(([key]) => key.startsWith('vrouter.'))
          .map(([key, text]): [string, string, string] => [plan.input, key, text]),
      ),
  );
}

describe('Contrail vRouter: the rendered agent configuration against the agent’s options', () => {
  const files = renderedAgentFiles();

  it('renders an agent file for every sample group and the realistic one', () => {
    const inputs = new Set(files.map(([input]) => input));
    expect([...inputs].sort()).toEqual([
      'Vrouter dpdk-x710 (a realistic DPDK group)',
      'Vrouter rp-cluster-1 (cr-vrouter.yaml)',
      'Vrouter rp-vroutermaster (cr-manager.yaml)',
      'Vrouter rp-vrouternodes (cr-manager.yaml)',
      'Vrouter vrouter-dpdk-group1 (the design vRouter groups sample)',
      'Vrouter vrouter-kernelmode-group1 (the design vRouter groups sample)',
      'Vrouter vrouter-sriov-group1 (the design vRouter groups sample)',
    ]);
  });

  it.each(files)('%s %s names only known sections and keys, of their shapes', (_input, _key, text) => {
    expect(problems(text)).toEqual([]);
  });

  it('says DPDK by platform, the pod address where a bare address is read, and the user’s settings', () => {
    const [, key, text] = files.find(([input]) => input.startsWith('Vrouter dpdk-x710')) ?? [];
    const ip = key?.slice('vrouter.'.length) ?? '';
    const entries = parseAgentIni(text ?? '').entries.map((e) => `${e.section}.${e.key}=${e.value}`);
    expect(entries).toEqual(
      expect.arrayContaining([
        'DEFAULT.platform=dpdk',
        'DEFAULT.log_level=SYS_INFO',
        'FLOWS.thread_count=4',
        `NETWORKS.control_network_ip=${ip}`,
        `VIRTUAL-HOST-INTERFACE.compute_node_address=${ip}`,
        'VIRTUAL-HOST-INTERFACE.gateway=10.10.0.1',
        'VIRTUAL-HOST-INTERFACE.physical_interface=ens1f0',
      ]),
    );
    const kernel = files.find(([input]) => input.startsWith('Vrouter vrouter-kernelmode'))?.[2] ?? '';
    expect(kernel).not.toContain('platform=');
  });

  it('catches what the agent would silently drop or misread', () => {
    expect(
      problems('[DEFAULT]\nagent_mode=kernel\ndpdk_coremask=0xF\n[VIRTUAL-HOST-INTERFACE]\nip=10.0.0.1\n'),
    ).toEqual([
      'DEFAULT.agent_mode=kernel is none of vrouter, tsn, tsn-no-forwarding, tor',
      'unknown key DEFAULT.dpdk_coremask (the agent ignores it)',
      'VIRTUAL-HOST-INTERFACE.ip=10.0.0.1 is not ipv4-prefix',
    ]);
  });
});
