import { describe, expect, it } from 'vitest';
import { nodeManifest, simulatedNodes } from './kwok-nodes';

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
});
