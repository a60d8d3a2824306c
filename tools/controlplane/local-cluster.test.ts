import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ControlPlaneBinaries } from './control-plane-binaries';
import { etcdTlsFiles } from './etcd-tls';
import { kwokctlConfiguration } from './local-cluster';

const binaries: ControlPlaneBinaries = {
  dir: '/cache',
  kubeVersion: 'v1.34.4',
  etcdVersion: 'v3.6.4',
  kubeApiserver: '/cache/kube-apiserver',
  kubeControllerManager: '/cache/kube-controller-manager',
  kubeScheduler: '/cache/kube-scheduler',
  etcd: '/cache/etcd',
  kwok: '/cache/kwok',
  kwokctl: '/cache/kwokctl',
};

const ports = {
  etcdPort: 40001,
  etcdPeerPort: 40002,
  kubeApiserverPort: 40003,
  kubeControllerManagerPort: 40004,
  kubeSchedulerPort: 40005,
  kwokControllerPort: 40006,
};
const tls = etcdTlsFiles('/state/etcd-pki');

interface Config {
  kind: string;
  options: Record<string, unknown>;
  componentsPatches: {
    name: string;
    extraArgs: { key: string; value: string; override?: boolean }[];
    extraEnvs?: { name: string; value: string }[];
  }[];
}

describe('kwokctlConfiguration', () => {
  const config = parse(kwokctlConfiguration(binaries, tls, ports)) as Config;

  it('runs the binary runtime on loopback', () => {
    expect(config.kind).toBe('KwokctlConfiguration');
    expect(config.options.runtime).toBe('binary');
    expect(config.options.bindAddress).toBe('127.0.0.1');
  });

  it('points every component at a local file, so nothing is downloaded', () => {
    const binaryKeys = Object.keys(config.options).filter((key) => key.endsWith('Binary'));
    expect(binaryKeys.sort()).toEqual([
      'etcdBinary',
      'kubeApiserverBinary',
      'kubeControllerManagerBinary',
      'kubeSchedulerBinary',
      'kwokControllerBinary',
    ]);
    for (const key of binaryKeys) expect(config.options[key]).toMatch(/^\/cache\//);
  });
});

describe('kwokctlConfiguration ports', () => {
  it('gives each component the port it was handed and keeps kwokctl from choosing', () => {
    const config = parse(kwokctlConfiguration(binaries, tls, ports)) as Config;
    expect(config.options).toMatchObject(ports);
  });
});

describe('kwokctlConfiguration etcd TLS', () => {
  const config = parse(kwokctlConfiguration(binaries, tls, ports)) as Config;
  const args = (component: string) =>
    Object.fromEntries(
      (config.componentsPatches.find((patch) => patch.name === component)?.extraArgs ?? []).map((arg) => [
        arg.key,
        arg,
      ]),
    );

  it('moves both etcd listeners to https and requires a client certificate on each', () => {
    const etcd = args('etcd');
    for (const key of ['listen-client-urls', 'advertise-client-urls'])
      expect(etcd[key]).toEqual({ key, value: 'https://127.0.0.1:40001', override: true });
    for (const key of ['listen-peer-urls', 'initial-advertise-peer-urls'])
      expect(etcd[key]).toEqual({ key, value: 'https://127.0.0.1:40002', override: true });
    expect(etcd['initial-cluster']?.value).toBe('node0=https://127.0.0.1:40002');
    expect(etcd['client-cert-auth']?.value).toBe('true');
    expect(etcd['peer-client-cert-auth']?.value).toBe('true');
    expect(etcd['trusted-ca-file']?.value).toBe(tls.ca);
  });

  it("replaces kube-apiserver's etcd URL (never adds a second) and hands it the client certificate", () => {
    const apiserver = args('kube-apiserver');
    expect(apiserver['etcd-servers']).toEqual({
      key: 'etcd-servers',
      value: 'https://127.0.0.1:40001',
      override: true,
    });
    expect(apiserver['etcd-certfile']?.value).toBe(tls.clientCert);
    expect(apiserver['etcd-keyfile']?.value).toBe(tls.clientKey);
    expect(apiserver['etcd-cafile']?.value).toBe(tls.ca);
  });
});

describe('kwokctlConfiguration GC trace', () => {
  const envs = (config: Config) =>
    config.componentsPatches.find((patch) => patch.name === 'kube-apiserver')?.extraEnvs;

  it("sets kube-apiserver's GODEBUG=gctrace=1 only when asked", () => {
    const traced = parse(kwokctlConfiguration(binaries, tls, ports, false, undefined, true)) as Config;
    expect(envs(traced)).toEqual([{ name: 'GODEBUG', value: 'gctrace=1' }]);
    expect(envs(parse(kwokctlConfiguration(binaries, tls, ports)) as Config)).toBeUndefined();
  });
});
