/**
 * Kube-manager, the web UI and the provisioner are not in Debian either. Each file the planner renders
 * for them (upstream's Manager sample and a realistic input of each) is read as its program reads it
 * and judged against that program's own names, a JSON file of facts beside this test naming its
 * source: kube-manager's INI files (the ConfigMap's and the one its container writes at start) against
 * its argparse option dicts; the web UI's Node modules loaded by Node and every path they set against
 * contrail-web-core's sample configuration; the provisioner's command line, YAML and JSON against its
 * flags and Go types. All three drop a name they do not know without a word: the lists are the check.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import type { V1ConfigMap, V1StatefulSet } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { contrailComponentPlans, type SamplePlan } from '@/tools/testenv/contrail-sample-plans';
import { loadOptions, optionProblems, type Program } from './ini-options';

const kubeManager: Program = {
  known: loadOptions('contrail-kube-manager-options.json'),
  unknownKey: 'contrail-kube-manager never reads it',
  inlineComments: false,
};
const vncApiLib: Program = {
  known: loadOptions('contrail-vnc-api-lib-options.json'),
  unknownKey: 'the API client never reads it',
  inlineComments: false,
};
const json = (file: string): unknown => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const webCore = json('contrail-webui-options.json') as { config: string[]; auth: string[] };
const provisioner = json('contrail-provisioner-options.json') as {
  flags: string[];
  modes: string[];
  node: string[];
  controlNode: string[];
  apiserver: string[];
  globalVrouter: Record<string, string[]>;
};

const plans = (kind: string) => contrailComponentPlans().filter((plan) => plan.input.startsWith(`${kind} `));
const dataOf = (plan: SamplePlan) =>
  plan.objects.find((o): o is V1ConfigMap => o.kind === 'ConfigMap')?.data ?? {};
const scriptOf = (plan: SamplePlan, container: string) =>
  plan.objects
    .find((o): o is V1StatefulSet => o.kind === 'StatefulSet')
    ?.spec?.template.spec?.containers.find((c) => c.name === container)?.command?.[2] ?? '';

/** What the shell fills in, as a pod would have it: the kubelet's API address, the Secret's values. */
const SHELL_VALUES: Record<string, string> = {
  KUBERNETES_SERVICE_HOST: '10.96.0.1',
  KUBERNETES_SERVICE_PORT: '443',
};

/** kube-manager's second file as its container writes it, with sample values for what the shell fills in. */
function runtimeFile(script: string): string {
  const printf = /printf '%s\\n' (.*?) > /.exec(script)?.[1] ?? '';
  return [...printf.matchAll(/"([^"]*)"/g)]
    .map((m) =>
      (m[1] ?? '')
        .replace(/\$\(cat [^)]+\)/, 'token-value')
        .replace(/\$\{(\w+)\}/g, (_, name: string) => SHELL_VALUES[name] ?? 'value'),
    )
    .join('\n');
}

/** Every path a loaded module sets: objects are walked, anything else (arrays included) is a value. */
function pathsOf(value: unknown, prefix: string): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => pathsOf(child, `${prefix}.${key}`));
}

function loadModule(text: string): unknown {
  const module = { exports: {} as unknown };
  runInNewContext(text, { module, process: { env: { WEBUI_ADMIN_PASSWORD: 'secret' } } });
  return module.exports;
}

describe('Kubemanager, Webui and ProvisionManager: the rendered files against their programs’ names', () => {
  it('renders each kind for the Manager sample and a realistic input', () => {
    const inputs = ['Kubemanager', 'Webui', 'ProvisionManager'].flatMap((kind) =>
      plans(kind).map((p) => p.input),
    );
    expect(inputs.filter((input) => input.includes('cr-manager.yaml')).sort()).toEqual([
      'Kubemanager rp-kubemanager1 (cr-manager.yaml)',
      'ProvisionManager rp-provmanager1 (cr-manager.yaml)',
      'Webui rp-webui1 (cr-manager.yaml)',
    ]);
    expect(inputs.filter((input) => input.includes('realistic'))).toHaveLength(3);
  });

  describe.each(plans('Kubemanager').map((plan) => [plan.input, plan] as const))('%s', (_input, plan) => {
    it.each(Object.entries(dataOf(plan)))(
      '%s names only options kube-manager or its API client reads',
      (key, text) => {
        const program = key.startsWith('vnc.') ? vncApiLib : kubeManager;
        expect(optionProblems(text, program)).toEqual([]);
      },
    );

    it('writes at start a second file kube-manager reads the same way', () => {
      const text = runtimeFile(scriptOf(plan, 'kubemanager'));
      expect(text).toContain('[VNC]\nrabbit_user=value');
      expect(optionProblems(text, kubeManager)).toEqual([]);
    });
  });

  describe.each(plans('Webui').map((plan) => [plan.input, plan] as const))('%s', (_input, plan) => {
    it.each(Object.entries(dataOf(plan)))(
      '%s loads in Node and sets only paths contrail-web-core reads',
      (key, text) => {
        const exported = loadModule(text);
        const [root, known] = key.startsWith('config.global.js')
          ? ['config', webCore.config]
          : ['auth', webCore.auth];
        expect(pathsOf(exported, root).filter((path) => !known.includes(path))).toEqual([]);
      },
    );
  });

  describe.each(plans('ProvisionManager').map((plan) => [plan.input, plan] as const))(
    '%s',
    (_input, plan) => {
      const data = dataOf(plan);

      it('runs the provisioner with flags it has, each naming a rendered file', () => {
        const script = scriptOf(plan, 'provisioner');
        const flags = [...script.matchAll(/ -(\w+) (\S+)/g)].map((m) => [m[1] ?? '', m[2] ?? ''] as const);
        expect(flags.map(([flag]) => flag).filter((flag) => !provisioner.flags.includes(flag))).toEqual([]);
        for (const [flag, value] of flags) {
          if (flag === 'mode') expect(provisioner.modes).toContain(value);
          else
            expect(Object.keys(data)).toContain(
              value.replace('/etc/contrailconfigmaps/', '').replace('${POD_IP}', '10.244.1.21'),
            );
        }
      });

      it.each(Object.entries(data).filter(([key]) => key.endsWith('nodes.yaml')))(
        '%s is a list of nodes with only the fields it reads',
        (key, text) => {
          const nodes = parse(text) as Record<string, unknown>[];
          const fields = key === 'controlnodes.yaml' ? provisioner.controlNode : provisioner.node;
          expect(Array.isArray(nodes)).toBe(true);
          for (const node of nodes) expect(Object.keys(node).filter((f) => !fields.includes(f))).toEqual([]);
        },
      );

      it('gives each pod an API server file it can connect with', () => {
        const files = Object.entries(data).filter(([key]) => key.startsWith('apiserver-'));
        expect(files.length).toBeGreaterThan(0);
        for (const [, text] of files) {
          const apiServer = parse(text) as { apiServerList: string[] };
          expect(Object.keys(apiServer).filter((f) => !provisioner.apiserver.includes(f))).toEqual([]);
          for (const entry of apiServer.apiServerList) expect(entry).toMatch(/^\d+\.\d+\.\d+\.\d+:\d+$/);
        }
      });

      it('writes global vRouter settings with only the fields it reads', () => {
        const settings = JSON.parse(data['globalvrouter.json'] ?? '{}') as Record<
          string,
          Record<string, unknown>
        >;
        expect(Object.keys(settings).filter((f) => !provisioner.globalVrouter['']?.includes(f))).toEqual([]);
        for (const nested of ['ecmpHashingIncludeFields', 'linkLocalServices'])
          expect(
            Object.keys(settings[nested] ?? {}).filter(
              (f) => !provisioner.globalVrouter[nested]?.includes(f),
            ),
          ).toEqual([]);
      });
    },
  );

  it('catches a name a program would not read', () => {
    expect(optionProblems('[KUBERNETES]\nkubernetes_api_host=10.0.0.1\n', kubeManager)).toEqual([
      'unknown key KUBERNETES.kubernetes_api_host (contrail-kube-manager never reads it)',
    ]);
    expect(pathsOf(loadModule('module.exports = { cnfg: { server_host: 1 } };'), 'config')).toEqual([
      'config.cnfg.server_host',
    ]);
  });
});
