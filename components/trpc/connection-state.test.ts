import { describe, expect, it } from 'vitest';
import { currentConnectionState, holdConnectionState, setConnectionState } from './connection-state';

describe('the tab’s connection state', () => {
  it('follows the socket until the tab signs out on purpose, then stays as it was', () => {
    setConnectionState('live');
    setConnectionState('reconnecting');
    expect(currentConnectionState()).toBe('reconnecting');
    setConnectionState('live');
    holdConnectionState();
    // The sign-out closes the socket and ends the session: neither may send the tab away first.
    setConnectionState('reconnecting');
    setConnectionState('signed-out');
    expect(currentConnectionState()).toBe('live');
  });
});
