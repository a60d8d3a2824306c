import { describe, expect, it } from 'vitest';
import { auditRow, auditTarget, boundedInput, MAX_AUDIT_INPUT, MAX_AUDIT_TEXT } from './audit-log';

describe('auditTarget', () => {
  it.each([
    [{ namespace: 'lab', name: 'c1', spec: {} }, 'lab/c1'],
    [{ name: 'tv-1' }, 'tv-1'],
    [{ username: 'ana', role: 'viewer' }, 'ana'],
    [{ id: '7f1c' }, '7f1c'],
    [{ mac: '52:54:00:12:34:56', ip: '10.0.0.5' }, '52:54:00:12:34:56'],
    [{ macs: ['aa:bb'] }, null],
    [{ name: 3 }, null],
    ['text', null],
    [undefined, null],
  ])('%j → %s', (input, target) => {
    expect(auditTarget(input)).toBe(target);
  });
});

describe('auditRow', () => {
  const intent = {
    actor: 'ana',
    role: 'admin',
    action: 'x.y',
    target: null,
    input: {},
    clientIp: '10.0.0.1',
  };

  it('is pending until its outcome is known', () => {
    expect(auditRow(intent, undefined)).toMatchObject({ result: 'pending', error: null });
    expect(auditRow(intent, { result: 'error', error: 'no' })).toMatchObject({
      result: 'error',
      error: 'no',
    });
  });

  it('cuts every text column and says how long it was', () => {
    const long = 'n'.repeat(5000);
    const row = auditRow({ ...intent, actor: long, target: long }, { result: 'error', error: long });
    for (const text of [row.actor, row.target, row.error]) {
      expect(text).toBe(`${'n'.repeat(MAX_AUDIT_TEXT)}… [cut: 5000 characters]`);
    }
  });
});

describe('boundedInput', () => {
  it('keeps a small input as it is, secrets removed', () => {
    expect(boundedInput({ name: 'c1', password: 'p' })).toEqual({ name: 'c1', password: '[redacted]' });
    expect(boundedInput(undefined)).toEqual({});
    expect(boundedInput('text')).toEqual({ value: 'text' });
  });

  it('keeps only the start of a large input, marked as cut', () => {
    const input = { rows: Array.from({ length: 50 }, () => ({ a: 'x'.repeat(200), b: 'y'.repeat(200) })) };
    const bounded = boundedInput(input) as { cut: string; start: string };
    expect(bounded.cut).toMatch(/^\d+ characters$/);
    expect(JSON.stringify(bounded.start).length).toBeLessThanOrEqual(MAX_AUDIT_INPUT);
    expect(JSON.stringify(bounded).length).toBeLessThanOrEqual(MAX_AUDIT_INPUT + 100);
    expect(JSON.stringify(input)).toContain(bounded.start);
  });
});
