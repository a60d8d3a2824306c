import { describe, expect, it } from 'vitest';
import { addressPatch, nodeManifest, simulatedNodes } from './kwok-nodes';

describe('the simulated nodes', () => {
  it('each carry an InternalIP of their own, which kwok gives their hostNetwork pods', () => {
    const addresses = simulatedNodes.map(
      (node) => nodeManifest(node).status?.addresses?.find((a) => a.type === 'InternalIP')?.address,
    );
    expect(addresses.every((address) => address && /^10\.199\.\d+\.\d+$/.test(address))).toBe(true);
    expect(new Set(addresses).size).toBe(simulatedNodes.length);
  });

  it('leaves a node given no address without one', () => {
    expect(nodeManifest({ name: 'bench-1', rack: 'r', role: 'worker' }).status?.addresses).toBeUndefined();
  });

  it('patches an older node to its InternalIP, keeping its other addresses, and leaves one that has an InternalIP', () => {
    const hostname = { type: 'Hostname', address: 'kwok-rack-a-1' };
    expect(addressPatch({ status: { addresses: [hostname] } }, '10.199.1.11')).toEqual({
      status: { addresses: [hostname, { type: 'InternalIP', address: '10.199.1.11' }] },
    });
    expect(addressPatch({}, '10.199.1.11')).toEqual({
      status: { addresses: [{ type: 'InternalIP', address: '10.199.1.11' }] },
    });
    expect(
      addressPatch({ status: { addresses: [{ type: 'InternalIP', address: '1.2.3.4' }] } }, '10.199.1.11'),
    ).toBeUndefined();
    expect(addressPatch({}, undefined)).toBeUndefined();
  });
});
