import type { V1Deployment } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { deploymentProgress } from './deployment-progress';
import { SPEC_HASH_ANNOTATION } from './content-hash';

const desired: V1Deployment = {
  metadata: { name: 'jumphost-sub1', annotations: { [SPEC_HASH_ANNOTATION]: 'h1' } },
  spec: { replicas: 1, selector: {}, template: {} },
};

function observed(status: V1Deployment['status'], hash = 'h1', generation = 4): V1Deployment {
  return {
    metadata: { name: 'jumphost-sub1', generation, annotations: { [SPEC_HASH_ANNOTATION]: hash } },
    spec: { replicas: 1, selector: {}, template: {} },
    status,
  };
}

describe('deploymentProgress', () => {
  it.each<{ name: string; observed: V1Deployment | undefined; progress: string | undefined }>([
    { name: 'missing', observed: undefined, progress: 'not created yet' },
    {
      name: 'older spec',
      observed: observed({ observedGeneration: 4, updatedReplicas: 1, availableReplicas: 1 }, 'h0'),
      progress: 'update pending',
    },
    {
      name: 'generation not observed',
      observed: observed({ observedGeneration: 3, updatedReplicas: 1, availableReplicas: 1 }),
      progress: 'rollout not observed yet',
    },
    {
      name: 'old pod still serving during a rollout',
      observed: observed({ observedGeneration: 4, updatedReplicas: 0, availableReplicas: 1 }),
      progress: '0/1 updated',
    },
    {
      name: 'new pod not available',
      observed: observed({ observedGeneration: 4, updatedReplicas: 1, availableReplicas: 0 }),
      progress: '0/1 available',
    },
    { name: 'no status yet', observed: observed(undefined), progress: 'rollout not observed yet' },
    {
      name: 'available',
      observed: observed({ observedGeneration: 4, updatedReplicas: 1, availableReplicas: 1 }),
      progress: undefined,
    },
  ])('$name', ({ observed: current, progress }) => {
    expect(deploymentProgress(desired, current)).toBe(progress);
  });
});
