/**
 * The vRouter agent is not in Debian, and it reads its file with boost::program_options allowing
 * unregistered options: a key it does not know is dropped without a word, so a wrong name is a
 * setting silently lost. Each rendered `vrouter.<pod IP>` (upstream's samples, the design's groups
 * and a realistic DPDK group) is parsed as boost parses it and judged against the agent's own option
 * list, vrouter-agent-options.json (its source named there): every section and key known, every value
 * of the shape the agent reads.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { V1ConfigMap } from '@kubernetes/client-node';
import { afterAll, describe, expect, it } from 'vitest';
import { contrailSamplePlans } from '@/tools/testenv/contrail-sample-plans';
import { agentStartScript } from '@/server/controllers/contrail/render-vrouter-pod';
import { loadOptions, optionProblems, parseIni } from './ini-options';

const agent = {
  known: loadOptions('vrouter-agent-options.json'),
  unknownKey: 'the agent ignores it',
  inlineComments: true,
};
const problems = (text: string) => optionProblems(text, agent);
const parseAgentIni = (text: string) => parseIni(text);

function renderedAgentFiles(prefix = 'vrouter.'): [string, string, string][] {
  return contrailSamplePlans().flatMap((plan) =>
    plan.objects
      .filter((o): o is V1ConfigMap => o.kind === 'ConfigMap' && plan.input.startsWith('Vrouter'))
      .flatMap((configMap) =>
        Object.entries(configMap.data ?? {})
          .filter(([key]) => key.startsWith(prefix))
          .map(([key, text]): [string, string, string] => [plan.input, key, text]),
      ),
  );
}

const nodemgr = {
  known: loadOptions('contrail-nodemgr-options.json'),
  unknownKey: 'contrail-nodemgr never reads it',
  inlineComments: false,
};

describe('Contrail vRouter: the rendered node manager file against contrail-nodemgr’s options', () => {
  const files = renderedAgentFiles('nodemanager.');

  it('renders one per agent file', () => {
    expect(files).toHaveLength(renderedAgentFiles().length);
  });

  it.each(files)('%s %s names only known sections and keys, of their shapes', (_input, _key, text) => {
    expect(optionProblems(text, nodemgr)).toEqual([]);
  });
});

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
        // Its Control (control1, active) over XMPP and DNS, with TLS; the Config's collectors.
        'CONTROL-NODE.servers=10.244.7.61:5269',
        'DNS.servers=10.244.7.61:53',
        'DEFAULT.collectors=10.244.1.21:8086 10.244.2.22:8086 10.244.3.23:8086',
        'DEFAULT.xmpp_auth_enable=True',
        'DEFAULT.xmpp_dns_auth_enable=True',
        `DEFAULT.xmpp_server_cert=/etc/certificates/server-${ip}.crt`,
        `DEFAULT.xmpp_server_key=/etc/certificates/server-key-${ip}.pem`,
        'DEFAULT.xmpp_ca_cert=/etc/ssl/certs/kubernetes/ca-bundle.crt',
        'SANDESH.sandesh_ssl_enable=True',
      ]),
    );
    const kernel = files.find(([input]) => input.startsWith('Vrouter vrouter-kernelmode'))?.[2] ?? '';
    expect(kernel).not.toContain('platform=');
  });

  it('names the control nodes of every group that names a Control, upstream’s Manager sample’s among them', () => {
    const named = files.filter(([input]) => /cr-manager|dpdk-x710/.test(input));
    expect(named.length).toBeGreaterThan(0);
    for (const [, , text] of named) expect(text).toMatch(/^\[CONTROL-NODE\]\nservers=\S+:5269$/m);
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

describe('Contrail vRouter: the agent container’s copy of its file, with the prefix length (bash, sed)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vrouter-agent-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  // `ip -o -4 addr show` as iproute2 prints it on a node whose data interface holds the pod address.
  const ip = join(dir, 'ip');
  writeFileSync(
    ip,
    [
      '#!/bin/sh',
      "echo '1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever preferred_lft forever'",
      "echo '2: ens1f0    inet 10.244.1.21/22 brd 10.244.3.255 scope global ens1f0\\       valid_lft forever preferred_lft forever'",
      "echo '3: ens1f1    inet 10.244.1.210/24 brd 10.244.1.255 scope global ens1f1\\       valid_lft forever preferred_lft forever'",
    ].join('\n'),
  );
  chmodSync(ip, 0o755);
  const files = renderedAgentFiles();

  function run(podIp: string, text: string): string {
    const source = join(dir, `vrouter.${podIp}`);
    const target = join(dir, 'contrail-vrouter-agent.conf');
    writeFileSync(source, text);
    rmSync(target, { force: true });
    execFileSync('bash', ['-c', agentStartScript(source, target)], {
      env: { ...process.env, PATH: `${dir}:${process.env.PATH ?? ''}`, POD_IP: podIp },
    });
    return readFileSync(target, 'utf8');
  }

  it.each(files.filter(([, key]) => key === 'vrouter.10.244.1.21'))(
    '%s: the address’s own prefix, in VIRTUAL-HOST-INTERFACE, and still only known keys',
    (_input, key, text) => {
      const copy = run(key.slice('vrouter.'.length), text);
      expect(problems(copy)).toEqual([]);
      const entries = parseAgentIni(copy).entries.map((e) => `${e.section}.${e.key}=${e.value}`);
      expect(entries).toContain('VIRTUAL-HOST-INTERFACE.ip=10.244.1.21/22');
      expect(entries.filter((e) => e.includes('.ip='))).toHaveLength(1);
    },
  );

  it('copies the file unchanged when no interface holds the address', () => {
    const text = files[0]?.[2] ?? '';
    expect(run('10.9.9.9', text)).toBe(text);
  });
});
