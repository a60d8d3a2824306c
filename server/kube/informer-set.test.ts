import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { InformerSet } from './informer-set';
import { jobResource, podResource } from './resource';

describe('InformerSet.of', () => {
  const informers = new InformerSet(new KubeConfig(), [podResource]);

  it('finds the cache of a resource it holds', () => {
    expect(informers.of(podResource).resource).toBe(podResource);
    expect(informers.has(podResource)).toBe(true);
  });

  it('names the kind and where to declare it when asked for a resource it does not hold', () => {
    expect(informers.has(jobResource)).toBe(false);
    expect(() => informers.of(jobResource)).toThrow(
      "no cache of Job: declare it in a controller's reads, watches or owns, or in the console's reads",
    );
  });
});
