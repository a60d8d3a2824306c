/**
 * Contrail Config's and Control's programs are not in Debian. Each per-pod file the planner renders
 * (upstream's Manager sample and a realistic Config and Control) is parsed as its program parses it
 * and judged against that program's option list, a JSON file of facts beside this test naming its
 * source. contrail-control, contrail-dns and the query engine refuse a file with a key they do not
 * know; the Python programs and the collector silently ignore one, so a wrong name is a setting lost:
 * either way the check is the list. The device manager's dnsmasq file goes to Debian's dnsmasq.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { V1ConfigMap } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@/tools/lib/run-command';
import { contrailComponentPlans } from '@/tools/testenv/contrail-sample-plans';
import { DNSMASQ } from '@/tools/testenv/ensure-test-packages';
import { loadOptions, optionProblems, parseIni, type Program } from './ini-options';
import { tempFolder } from './program';

const boost = (file: string, name: string, refuses = true): Program => ({
  known: loadOptions(file),
  unknownKey: refuses ? `${name} refuses the file` : `${name} ignores it`,
  inlineComments: true,
});
const python = (file: string, name: string): Program => ({
  known: loadOptions(file),
  unknownKey: `${name} never reads it`,
  inlineComments: false,
});
const nodemgr = python('contrail-nodemgr-options.json', 'contrail-nodemgr');

/** The program that reads each checked file, by the file's key prefix in the ConfigMap. */
const PROGRAMS: Record<string, Program> = {
  control: boost('contrail-control-options.json', 'contrail-control'),
  dns: boost('contrail-dns-options.json', 'contrail-dns'),
  nodemanager: nodemgr,
  api: python('contrail-api-options.json', 'contrail-api'),
  schematransformer: python('contrail-schema-options.json', 'contrail-schema'),
  servicemonitor: python('contrail-svc-monitor-options.json', 'contrail-svc-monitor'),
  devicemanager: python('contrail-device-manager-options.json', 'contrail-device-manager'),
  analyticsapi: python('contrail-analytics-api-options.json', 'contrail-analytics-api'),
  // The collector alone of the C++ programs parses its file allowing unregistered options.
  collector: boost('contrail-collector-options.json', 'contrail-collector', false),
  queryengine: boost('contrail-query-engine-options.json', 'contrail-query-engine'),
  vnc: python('contrail-vnc-api-lib-options.json', 'the API client'),
  nodemanagerconfig: nodemgr,
  nodemanageranalytics: nodemgr,
};

/** [input, file key, program name, text] for every rendered Config and Control file. */
function renderedFiles(): [string, string, string, string][] {
  const ofConfigOrControl = contrailComponentPlans().filter((plan) => /^(Config|Control) /.test(plan.input));
  return ofConfigOrControl.flatMap((plan) =>
    plan.objects
      .filter((o): o is V1ConfigMap => o.kind === 'ConfigMap')
      .flatMap((configMap) =>
        Object.entries(configMap.data ?? {}).map(([key, text]): [string, string, string, string] => [
          plan.input,
          key,
          key.replace(/\.\d+\.\d+\.\d+\.\d+$/, ''),
          text,
        ]),
      ),
  );
}

describe('Contrail Config and Control: the rendered files against their programs’ options', () => {
  const files = renderedFiles();
  const checked = files.filter(([, , program]) => program in PROGRAMS);

  it('renders both kinds for the Manager sample and the realistic input', () => {
    expect([...new Set(files.map(([input]) => input))].sort()).toEqual([
      'Config config-ks (a realistic input)',
      'Config rp-config1 (cr-manager.yaml)',
      'Control control-as65001 (a realistic input)',
      'Control rp-control1 (cr-manager.yaml)',
    ]);
  });

  it('checks every file but those named in docs/compatibility.md as not yet checked', () => {
    const byProgram = new Set([...Object.keys(PROGRAMS), 'dnsmasq']);
    const unchecked = [...new Set(files.map(([, , p]) => p).filter((p) => !byProgram.has(p)))].sort();
    expect(unchecked).toEqual(['named', 'provision.sh']);
  });

  describe('the device manager’s dnsmasq file', () => {
    let folder: Awaited<ReturnType<typeof tempFolder>>;
    beforeAll(async () => {
      folder = await tempFolder('contrail-dnsmasq');
    });
    afterAll(async () => {
      await folder.remove();
    });

    it.each(files.filter(([, , program]) => program === 'dnsmasq'))(
      '%s %s passes dnsmasq --test, its mounts moved into a temporary folder',
      async (_input, key, _program, text) => {
        // The two folders the dnsmasq container mounts (emptyDirs shared with the device manager).
        const mounts = ['/var/lib/dnsmasq', '/etc/tftp'];
        let conf = text;
        for (const mount of mounts) {
          const local = join(folder.path, key, mount);
          await mkdir(local, { recursive: true });
          conf = conf.replaceAll(mount, local);
        }
        const file = join(folder.path, `${key}.conf`);
        await writeFile(file, conf);
        const { stderr } = await runCommand(DNSMASQ, ['--test', `--conf-file=${file}`]);
        expect(stderr).toContain('syntax check OK');
      },
    );
  });

  it.each(checked)('%s %s names only known sections and keys, of their shapes', (_i, _k, program, text) => {
    expect(optionProblems(text, PROGRAMS[program] as Program)).toEqual([]);
  });

  it('writes the realistic input’s own settings where the programs read them', () => {
    const entries = (input: string, key: string) =>
      parseIni(files.find(([i, k]) => i.startsWith(input) && k.startsWith(key))?.[3] ?? '').entries.map(
        (e) => `${e.section}.${e.key}=${e.value}`,
      );
    expect(entries('Control control-as65001', 'control.')).toContain('DEFAULT.bgp_port=1179');
    expect(entries('Control control-as65001', 'dns.')).toContain('DEFAULT.dns_server_port=5353');
    expect(entries('Config config-ks', 'api.')).toEqual(
      expect.arrayContaining([
        'DEFAULTS.auth=keystone',
        'DEFAULTS.aaa_mode=rbac',
        'DEFAULTS.log_level=SYS_INFO',
      ]),
    );
    expect(entries('Config config-ks', 'devicemanager.')).toContain('DEFAULTS.host_ip=10.10.0.5');
    expect(entries('Config config-ks', 'servicemonitor.')).toContain(
      'SCHEDULER.analytics_server_list=10.244.1.21:8081 10.244.2.22:8081 10.244.3.23:8081',
    );
  });

  it('catches what the programs would refuse or silently drop', () => {
    expect(
      optionProblems('[DEFAULT]\nbgp_port=abc\nxmpp_port=5269\n[SANDESH]\nintrospect_ssl_enable=maybe\n', {
        ...(PROGRAMS.control as Program),
      }),
    ).toEqual([
      'DEFAULT.bgp_port=abc is not a integer',
      'unknown key DEFAULT.xmpp_port (contrail-control refuses the file)',
      'SANDESH.introspect_ssl_enable=maybe is not a boolean',
    ]);
    expect(optionProblems('[DEFAULTS]\nlist_optimization_enabled=True\n', PROGRAMS.api as Program)).toEqual([
      'unknown key DEFAULTS.list_optimization_enabled (contrail-api never reads it)',
    ]);
  });
});
