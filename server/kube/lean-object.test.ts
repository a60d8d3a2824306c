import { describe, expect, it } from 'vitest';
import { LAST_APPLIED_ANNOTATION, leanObject } from './lean-object';

describe('leanObject', () => {
  it('drops managedFields and the last-applied copy, and keeps every other annotation', () => {
    const object = leanObject({
      metadata: {
        name: 'host-1',
        managedFields: [{ manager: 'kubectl', operation: 'Apply' }],
        annotations: { [LAST_APPLIED_ANNOTATION]: '{"spec":{}}', 'example.com/keep': 'yes' },
      },
      spec: { online: true },
    });
    expect(object).toEqual({
      metadata: { name: 'host-1', annotations: { 'example.com/keep': 'yes' } },
      spec: { online: true },
    });
  });

  it('leaves an object without metadata or annotations as it is', () => {
    expect(leanObject({ kind: 'Node' })).toEqual({ kind: 'Node' });
    expect(leanObject({ metadata: { name: 'a' } })).toEqual({ metadata: { name: 'a' } });
  });
});
