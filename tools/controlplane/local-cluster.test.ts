import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ControlPlaneBinaries } from './control-plane-binaries';
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

describe('kwokctlConfiguration', () => {
  const config = parse(kwokctlConfiguration(binaries)) as { kind: string; options: Record<string, unknown> };

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
    const ports = { etcdPort: 40001, etcdPeerPort: 40002, kubeApiserverPort: 40003 };
    const config = parse(kwokctlConfiguration(binaries, false, ports)) as {
      options: Record<string, unknown>;
    };
    expect(config.options).toMatchObject(ports);
  });
});
