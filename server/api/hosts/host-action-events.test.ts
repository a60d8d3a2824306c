import { describe, expect, it } from 'vitest';
import { hostChangeEvent, labelChangeText } from './host-action-events';

describe('hostChangeEvent', () => {
  it.each([
    { change: 'power-off' as const, reason: 'PowerOffRequested', action: 'PowerOff', words: 'Power off' },
    { change: 'power-on' as const, reason: 'PowerOnRequested', action: 'PowerOn', words: 'Power on' },
    { change: 'restart' as const, reason: 'RebootRequested', action: 'Reboot', words: 'Restart' },
    { change: 'detach' as const, reason: 'DetachRequested', action: 'Detach', words: 'Detach' },
    { change: 'attach' as const, reason: 'AttachRequested', action: 'Attach', words: 'Attach' },
    { change: 'inspect' as const, reason: 'InspectionRequested', action: 'Inspect', words: 'Inspect again' },
    { change: 'delete' as const, reason: 'DeleteRequested', action: 'Delete', words: 'Delete' },
  ])('$change → $reason, naming who asked', ({ change, reason, action, words }) => {
    expect(hostChangeEvent(change, 'alice')).toEqual({
      type: 'Normal',
      reason,
      action,
      note: `${words} requested by alice from the console`,
      annotations: { 'rackpilot.io/actor': 'alice' },
    });
  });

  it('says what a labels change was', () => {
    expect(hostChangeEvent('labels', 'bob', 'rack=r2').note).toBe(
      'Labels change requested by bob from the console: rack=r2',
    );
  });
});

describe('labelChangeText', () => {
  it('names keys set, changed and removed, and nothing when nothing changed', () => {
    expect(labelChangeText({ a: '1', b: '2', c: '3' }, { a: '1', b: '9', d: '4' })).toBe(
      'b=9, d=4, c removed',
    );
    expect(labelChangeText({ a: '1' }, { a: '1' })).toBe('');
  });
});
