// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNearScreen } from './use-near-screen';

type Report = (entries: { target: Element; isIntersecting: boolean }[]) => void;

/** The page's one observer, reporting what a test says (happy-dom lays nothing out). */
const observed: { report?: Report } = {};

beforeEach(() => {
  // The renders come from the page's own tasks, as in a browser, not from the test's acts.
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Report) {
        observed.report = callback;
      }
      observe() {
        return undefined;
      }
      unobserve() {
        return undefined;
      }
    },
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', true);
});

function Near({ id }: { id: string }) {
  const [ref, near] = useNearScreen<HTMLDivElement>();
  return <div ref={ref} data-id={id} data-near={near} />;
}

const ids = ['a', 'b', 'c', 'd'];

function drawn(): string[] {
  return [...document.querySelectorAll('[data-near="true"]')].map(
    (each) => each.getAttribute('data-id') ?? '',
  );
}

function report(near: Record<string, boolean>) {
  observed.report?.(
    Object.entries(near).map(([id, isIntersecting]) => ({
      target: document.querySelector(`[data-id="${id}"]`) as Element,
      isIntersecting,
    })),
  );
}

describe('useNearScreen', () => {
  it('renders the elements that come near one per commit, after the observer reports, none undone before its turn', async () => {
    let commits = 0;
    render(
      <Profiler
        id="racks"
        onRender={() => {
          commits += 1;
        }}
      >
        {ids.map((id) => (
          <Near key={id} id={id} />
        ))}
      </Profiler>,
    );
    commits = 0;
    report({ a: true, b: true, c: true, d: false });
    // c goes away again before its turn: it is never drawn.
    report({ c: false });
    expect(drawn()).toEqual([]);
    await vi.waitFor(() => {
      expect(drawn()).toEqual(['a', 'b']);
    });
    expect(commits).toBe(2);
    report({ a: false, d: true });
    await vi.waitFor(() => {
      expect(drawn()).toEqual(['b', 'd']);
    });
    expect(commits).toBe(4);
  });
});
