import { describe, expect, it } from 'vitest';
import { isReportedStep, MAX_DETAIL_PAIRS, parseStepDetail, PROVISION_STEPS } from './boot-progress';

describe('parseStepDetail', () => {
  it.each([
    ['', {}],
    ['  ', {}],
    ['bytes=1048576 total=67108864', { bytes: '1048576', total: '67108864' }],
    ['path=/dev/vda\nbytes=8589934592', { path: '/dev/vda', bytes: '8589934592' }],
    ['disk= ', { disk: '' }],
    ['sha256=ab12 sha256=cd34', { sha256: 'cd34' }],
    ['a.b_c-d=x=y', { 'a.b_c-d': 'x=y' }],
  ])('reads %j', (body, detail) => {
    expect(parseStepDetail(body)).toEqual({ detail });
  });

  it.each([
    ['bytes', 'not a key=value pair: bytes'],
    ['=1', 'not a key=value pair: =1'],
    ['Bytes=1', 'not a key=value pair: Bytes=1'],
    [`${'k'.repeat(33)}=1`, 'not a key=value pair'],
    [`path=${'x'.repeat(201)}`, 'value of path too long or not printable'],
    ['path=caf\u00e9', 'value of path too long or not printable'],
    [Array.from({ length: MAX_DETAIL_PAIRS + 1 }, (_, index) => `k${index}=1`).join(' '), 'at most 16'],
  ])('refuses %j', (body, error) => {
    const parsed = parseStepDetail(body);
    expect('error' in parsed && parsed.error).toContain(error);
  });
});

describe('steps', () => {
  it('the installer may report only its own steps, not those the server records', () => {
    expect(isReportedStep('download')).toBe(true);
    expect(isReportedStep('done')).toBe(false);
    expect(isReportedStep('script-served')).toBe(false);
    expect(new Set(PROVISION_STEPS).size).toBe(PROVISION_STEPS.length);
  });
});
