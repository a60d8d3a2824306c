// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgeCell } from './age-cell';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AgeCell', () => {
  it('shows the age and ticks on its own, with nothing above it rendering again', () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:01:00Z') });
    render(
      <>
        <span data-testid="a">
          <AgeCell iso="2026-01-01T00:00:05Z" />
        </span>
        <span data-testid="b">
          <AgeCell iso="2026-01-01T00:00:00Z" />
        </span>
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('55s');
    expect(screen.getByTestId('b').textContent).toBe('1m');
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getByTestId('a').textContent).toBe('1m');
    expect(screen.getByTestId('a').firstElementChild?.getAttribute('title')).toBe('2026-01-01T00:00:05Z');
  });
});
