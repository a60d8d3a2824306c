/**
 * Cassandra is not in Debian, so the rendered cassandra.yaml of each pod (which Cassandra loads alone,
 * through -Dcassandra.config, without the image's own file) is judged against Cassandra 3.11's known
 * settings: cassandra-3.11-options.json, our list with its source named. Every key must be known and
 * of its type, and the settings Cassandra has no default for must be there. jvm.env must set only the
 * variables cassandra-env.sh reads. The Contrail Config and Control kinds, whose INI files the issue
 * also names, have no renderer here (their kinds are not reconciled), so there is nothing of theirs
 * to check yet.
 */
import { readFileSync } from 'node:fs';
import type { V1ConfigMap, V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cassandraKind } from '@/server/controllers/contrail/data-service-kinds';
import { planDataService } from '@/server/controllers/contrail/plan-data-service';
import type { Cassandra } from '@/server/types/crds/cassandra';
import { upstreamFixture } from '@/tools/testenv/upstream-shapes';

interface KnownOptions {
  options: Record<string, 'string' | 'integer' | 'number' | 'boolean' | 'list' | 'map'>;
  required: Record<string, string>;
  requiredWhen: Record<string, { commitlog_sync: string; message: string }>;
}

const known = JSON.parse(
  readFileSync(new URL('cassandra-3.11-options.json', import.meta.url), 'utf8'),
) as KnownOptions;
const POD_IPS = ['10.244.1.31', '10.244.2.32', '10.244.3.33'];
/** The variables cassandra-env.sh takes from its environment for the heap and JMX. */
const JVM_ENV_VARIABLES = ['MAX_HEAP_SIZE', 'HEAP_NEWSIZE', 'JMX_PORT'];

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'object' ? 'map' : typeof value;
}

/** What Cassandra 3.11 would refuse in one cassandra.yaml, as messages; empty when none. */
function problems(settings: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(settings)) {
    const type = known.options[key];
    if (!type) found.push(`unknown setting ${key}`);
    else if (typeOf(value) !== type && !(type === 'number' && typeOf(value) === 'integer'))
      found.push(`${key} is ${typeOf(value)}, Cassandra reads ${type}`);
  }
  for (const [key, message] of Object.entries(known.required))
    if (settings[key] === undefined) found.push(message);
  for (const [key, when] of Object.entries(known.requiredWhen))
    if (settings.commitlog_sync === when.commitlog_sync && settings[key] === undefined)
      found.push(when.message);
  return found;
}

function renderedFiles(): Record<string, string> {
  const samples = upstreamFixture('contrail-operator/cr-cassandra.yaml').objects as unknown as Cassandra[];
  const [sample] = samples;
  if (!sample) throw new Error('the Cassandra sample is empty');
  const object: Cassandra = {
    ...sample,
    metadata: Object.assign({}, sample.metadata, { namespace: 'contrail', uid: 'uid-cassandra' }),
    // the sample sets no spec; the API server stores the default, and we ask for three replicas
    spec: { commonConfiguration: { replicas: 3 }, serviceConfiguration: {} },
  };
  const pods: V1Pod[] = POD_IPS.map((ip, ordinal) => ({
    metadata: { name: `cassandra-${object.metadata.name ?? ''}-statefulset-${ordinal}` },
    status: { podIP: ip, conditions: [{ type: 'Ready', status: 'True' }] },
  }));
  const plan = planDataService(
    cassandraKind,
    {
      object,
      pods,
      statefulSet: undefined,
      service: undefined,
      secret: undefined,
      certificates: { data: {}, issued: 0 },
    },
    new Date('2026-12-01T00:00:00Z'),
  );
  const configMap = plan.objects.find((o): o is V1ConfigMap => o.kind === 'ConfigMap');
  if (!configMap?.data) throw new Error('no ConfigMap planned');
  return configMap.data;
}

describe('Contrail Cassandra: the rendered files against Cassandra 3.11', () => {
  const files = renderedFiles();

  it.each(POD_IPS)('%s.yaml names only known settings of their types, and every required one', (ip) => {
    const settings = parse(files[`${ip}.yaml`] ?? '') as Record<string, unknown>;
    expect(problems(settings)).toEqual([]);
    expect(settings).toMatchObject({ listen_address: ip, broadcast_address: ip, rpc_address: ip });
    const [provider] = settings.seed_provider as { class_name: string; parameters: { seeds: string }[] }[];
    expect(provider?.class_name).toBe('org.apache.cassandra.locator.SimpleSeedProvider');
    const seeds = provider?.parameters[0]?.seeds.split(',') ?? [];
    // a quorum of the three ready pods
    expect(seeds).toEqual(POD_IPS.slice(0, 2));
  });

  it('jvm.env sets only what cassandra-env.sh reads, with heap sizes it understands', () => {
    const lines = (files['jvm.env'] ?? '').trim().split('\n');
    const variables = Object.fromEntries(lines.map((line) => line.split('=', 2) as [string, string]));
    expect(Object.keys(variables).sort()).toEqual([...JVM_ENV_VARIABLES].sort());
    expect(variables.MAX_HEAP_SIZE).toMatch(/^\d+[MG]$/);
    expect(variables.HEAP_NEWSIZE).toMatch(/^\d+[MG]$/);
    expect(variables.JMX_PORT).toMatch(/^\d+$/);
  });
});
