import { describe, expect, it } from 'vitest';
import { listMetadata } from './list-metadata';

const item = (name: string) => ({
  metadata: { name, resourceVersion: '7', annotations: { note: '"metadata":{"continue":"fake"} } ] \\' } },
  spec: { list: [{ metadata: { continue: 'nested' } }] },
});

describe('listMetadata', () => {
  it('finds the metadata after the items, as custom resource lists put it', () => {
    const text = JSON.stringify({
      apiVersion: 'metal3.io/v1alpha1',
      items: [item('a'), item('b')],
      kind: 'BareMetalHostList',
      metadata: { continue: 'token-1', resourceVersion: '42', remainingItemCount: 3 },
    });
    expect(listMetadata(text)).toEqual({ continue: 'token-1', resourceVersion: '42', remainingItemCount: 3 });
  });

  it('finds the metadata before the items, as built-in lists put it', () => {
    const text = JSON.stringify({
      kind: 'SecretList',
      apiVersion: 'v1',
      metadata: { resourceVersion: '9' },
      items: [item('a')],
    });
    expect(listMetadata(text)).toEqual({ resourceVersion: '9' });
  });

  it('reads pretty-printed text and keys with escapes', () => {
    const text = JSON.stringify(
      { 'we\\"ird': { metadata: { continue: 'no' } }, items: [], metadata: { continue: 'yes' } },
      null,
      2,
    );
    expect(listMetadata(text)).toEqual({ continue: 'yes' });
  });

  it('answers nothing for a list without metadata and refuses text cut short', () => {
    expect(listMetadata(JSON.stringify({ items: [item('a')] }))).toEqual({});
    const whole = JSON.stringify({ items: [item('a')], metadata: { continue: 'x' } });
    expect(() => listMetadata(whole.slice(0, 40))).toThrow(/cut short|inside a string/);
  });
});
