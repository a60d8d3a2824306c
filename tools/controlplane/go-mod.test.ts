import { describe, expect, it } from 'vitest';
import { compareVersions, goLine, requiredVersion } from './go-mod';

const goMod = `module rackpilot.local/controlplane/kube

go 1.24.0

require k8s.io/kubernetes v1.34.4

require (
	go.etcd.io/etcd/server/v3 v3.6.4
	k8s.io/api v0.34.4 // indirect
)
`;

describe('go.mod of the control-plane wrappers', () => {
  it('finds a required version in a single-line require and in a block', () => {
    expect(requiredVersion(goMod, 'k8s.io/kubernetes')).toBe('v1.34.4');
    expect(requiredVersion(goMod, 'go.etcd.io/etcd/server/v3')).toBe('v3.6.4');
  });

  it('says the wrapper is broken when the module is not required, and does not match a longer path', () => {
    expect(() => requiredVersion(goMod, 'sigs.k8s.io/kwok')).toThrow(/not required in tools\/controlplane/);
    expect(() => requiredVersion(goMod, 'k8s.io/kube')).toThrow(/not required/);
  });

  it('reads the go line', () => {
    expect(goLine(goMod)).toBe('1.24');
  });

  it.each([
    ['1.26', '1.24', 1],
    ['1.9', '1.24', -1],
    ['1.24.0', '1.24', 0],
    ['1.24', '1.24.1', -1],
  ])('compareVersions(%s, %s) has the sign %i', (a, b, sign) => {
    expect(Math.sign(compareVersions(a, b))).toBe(sign);
  });
});
