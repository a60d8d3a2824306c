// npm run gen:crd-parts [-- --check]
// Schema written once and put into every CRD that carries it: the vRouter profile settings
// (crds/parts/vrouter-profile-settings.yaml) are a Manager's vrouterProfileTemplates[].spec and a
// Vrouter's profiles[] alike. The part's lines replace the same keys' lines in each CRD, indented to
// fit, so the rest of each file stays as written; crds/crds.test.ts fails when a CRD drifts from it.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';

export interface CrdPart {
  /** The part's file under crds/parts/. */
  part: string;
  /** The CRD files under crds/ that carry it. */
  crds: string[];
}

export const CRD_PARTS: CrdPart[] = [
  {
    part: 'vrouter-profile-settings.yaml',
    crds: ['contrail.juniper.net_managers.yaml', 'contrail.juniper.net_vrouters.yaml'],
  },
  {
    part: 'contrail-pod-configuration.yaml',
    crds: [
      'contrail.juniper.net_cassandras.yaml',
      'contrail.juniper.net_configs.yaml',
      'contrail.juniper.net_controls.yaml',
      'contrail.juniper.net_kubemanagers.yaml',
      'contrail.juniper.net_provisionmanagers.yaml',
      'contrail.juniper.net_rabbitmqs.yaml',
      'contrail.juniper.net_webuis.yaml',
      'contrail.juniper.net_zookeepers.yaml',
    ],
  },
];

const indentOf = (line: string) => line.length - line.trimStart().length;
const keyOf = (line: string) => /^\s*([^\s:#][^:]*):/.exec(line)?.[1];

/**
 * `crd` with the mapping entries named by the part's top-level keys replaced by the part, at the
 * indentation where the first of them sits. The keys must appear once, together, in `crd`.
 */
export function withPart(crd: string, part: string): string {
  const partLines = part
    .trimEnd()
    .split('\n')
    .filter((line) => !line.startsWith('#'));
  const keys = new Set(partLines.filter((line) => indentOf(line) === 0).map(keyOf));
  const lines = crd.split('\n');
  const [firstKey] = keys;
  const starts = lines.flatMap((line, index) => (keyOf(line) === firstKey ? [index] : []));
  if (starts.length !== 1 || starts[0] === undefined)
    throw new Error(`${String(firstKey)} must appear once in the CRD, found ${starts.length}`);
  const start = starts[0];
  const indent = indentOf(lines[start] ?? '');
  let end = start + 1;
  while (end < lines.length) {
    const line = lines[end] ?? '';
    const inside = line.trim() === '' || indentOf(line) > indent;
    if (!inside && !(indentOf(line) === indent && keys.has(keyOf(line)))) break;
    end++;
  }
  const pad = ' '.repeat(indent);
  const placed = partLines.map((line) => (line === '' ? '' : pad + line));
  return [...lines.slice(0, start), ...placed, ...lines.slice(end)].join('\n');
}

/** The schema the part gives, parsed: what each CRD must hold at the part's keys. */
export function partSchema(part: string): Record<string, unknown> {
  return parse(part) as Record<string, unknown>;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
  const dir = join(process.cwd(), 'crds');
  let stale = 0;
  for (const { part, crds } of CRD_PARTS) {
    const partText = await readFile(join(dir, 'parts', part), 'utf8');
    for (const file of crds) {
      const path = join(dir, file);
      const before = await readFile(path, 'utf8');
      const after = withPart(before, partText);
      if (after === before) continue;
      stale++;
      if (values.check) console.log(`crds/${file} differs from crds/parts/${part}`);
      else await writeFile(path, after);
    }
  }
  if (values.check && stale > 0) process.exit(1);
  console.log(values.check ? 'CRD parts: every CRD matches' : `CRD parts: ${stale} file(s) written`);
}

if (process.argv[1]?.endsWith('gen-crd-parts.ts')) await main();
