// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RackElevation } from './rack-elevation';
import { RackStore } from './rack-store';
import { rackBox, rackOf, racksDelta } from './rack-test-boxes';
import { RackStoreContext } from './use-rack-box';

/** Renders counted: of each box by its host's key, and of the rack as a whole. */
const renders = vi.hoisted(() => ({ boxes: new Map<string, number>(), racks: 0, near: true }));

vi.mock('./use-rack-box', async (original) => {
  const actual = await original<typeof import('./use-rack-box')>();
  return {
    ...actual,
    useRackBox: (key: string | undefined) => {
      if (key) renders.boxes.set(key, (renders.boxes.get(key) ?? 0) + 1);
      return actual.useRackBox(key);
    },
  };
});

vi.mock('./use-near-screen', () => ({
  useNearScreen: () => {
    renders.racks += 1;
    return [() => undefined, renders.near];
  },
}));

afterEach(() => {
  cleanup();
  renders.boxes.clear();
  renders.racks = 0;
  renders.near = true;
});

const keys = Array.from({ length: 40 }, (_, index) => `lab/h${String(index + 1)}`);

/** A 40-host rack drawn from a store, and the store. */
function drawRack(activeKey?: string) {
  const store = new RackStore();
  store.apply(racksDelta(true, ['r1'], rackOf('r1', ...keys.map((key, index) => rackBox(key, index + 1)))));
  const Rack = () => {
    const frame = store.getView()?.racks[0];
    return frame ? <RackElevation rack={frame} units={42} activeKey={activeKey} filtering={false} /> : null;
  };
  render(
    <RackStoreContext value={store}>
      <Rack />
    </RackStoreContext>,
  );
  return store;
}

describe('RackElevation', () => {
  it('repaints the box of a host that changed, not the rack or its other boxes', () => {
    const store = drawRack();
    expect(screen.getAllByTestId('rack-host')).toHaveLength(40);
    renders.boxes.clear();
    renders.racks = 0;
    act(() => {
      store.apply(
        racksDelta(
          false,
          ['r1'],
          rackOf(
            'r1',
            ...keys.map((key, index) =>
              rackBox(key, index + 1, key === 'lab/h7' ? { power: 'off', resourceVersion: '2' } : {}),
            ),
          ),
        ),
      );
    });
    expect([...renders.boxes]).toEqual([['lab/h7', 1]]);
    expect(renders.racks).toBe(0);
    expect(document.querySelector('[data-host="lab/h7"]')?.getAttribute('data-look')).toBe('off');
  });

  it('draws no box of a rack off screen, in a frame of the same size, unless it holds the active box', () => {
    renders.near = false;
    drawRack();
    expect(screen.queryAllByTestId('rack-host')).toHaveLength(0);
    expect(screen.getByTestId('rack').getAttribute('data-drawn')).toBe('false');
    expect(screen.getByTestId('rack-units').style.height).toBe(`${42 * 16}px`);
    cleanup();
    drawRack('lab/h3');
    expect(screen.getAllByTestId('rack-host')).toHaveLength(40);
    expect(document.querySelector('[data-host="lab/h3"]')?.getAttribute('tabindex')).toBe('0');
  });
});
