import { describe, expect, it } from 'vitest';
import { auditTarget } from './audit-log';

describe('auditTarget', () => {
  it.each([
    [{ namespace: 'lab', name: 'c1', spec: {} }, 'lab/c1'],
    [{ name: 'tv-1' }, 'tv-1'],
    [{ username: 'ana', role: 'viewer' }, 'ana'],
    [{ id: '7f1c' }, '7f1c'],
    [{ macs: ['aa:bb'] }, null],
    [{ name: 3 }, null],
    ['text', null],
    [undefined, null],
  ])('%j → %s', (input, target) => {
    expect(auditTarget(input)).toBe(target);
  });
});
