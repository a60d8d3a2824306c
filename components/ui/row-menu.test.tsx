// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderConsole } from '@/tools/testenv/render-console';
import { RowMenu, type MenuItem } from './row-menu';

function renderMenu(onSelect = vi.fn(), onOpenChange = vi.fn()) {
  const items: MenuItem[] = [
    { kind: 'link', label: 'Open details', href: '/hosts/lab/h1' },
    { kind: 'copy', label: 'Copy name', text: 'h1' },
    { kind: 'action', label: 'Power off…', onSelect },
    { kind: 'action', label: 'Delete…', onSelect, danger: true, separated: true },
  ];
  const rendered = renderConsole(
    <>
      <RowMenu label="Actions for h1" items={items} onOpenChange={onOpenChange} />
      <button type="button">after the menu</button>
    </>,
  );
  return {
    ...rendered,
    onSelect,
    onOpenChange,
    button: screen.getByRole('button', { name: 'Actions for h1' }),
  };
}

const focusedText = () => document.activeElement?.textContent;

describe('RowMenu', () => {
  it('opens on its button with the first entry focused, and reports that it is open', async () => {
    const { user, button, onOpenChange } = renderMenu();
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(button);
    const menu = screen.getByRole('menu', { name: 'Actions for h1' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Open details', 'Copy name', 'Power off…', 'Delete…']);
    expect(focusedText()).toBe('Open details');
    expect(onOpenChange.mock.calls).toEqual([[true]]);
    // The link entry is a real link to the page.
    expect(within(menu).getByRole('menuitem', { name: 'Open details' }).getAttribute('href')).toBe(
      '/hosts/lab/h1',
    );
  });

  it('moves with the arrow keys, wrapping at both ends', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    await user.keyboard('{ArrowDown}');
    expect(focusedText()).toBe('Copy name');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focusedText()).toBe('Delete…');
    await user.keyboard('{ArrowDown}');
    expect(focusedText()).toBe('Open details');
    await user.keyboard('{ArrowUp}');
    expect(focusedText()).toBe('Delete…');
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const { user, button, onOpenChange } = renderMenu();
    await user.click(button);
    await user.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('closes on Tab, and Tab goes on to the control after the button', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(focusedText()).toBe('after the menu');
  });

  it('closes on a click outside it, not on one inside it', async () => {
    const { user, button, onOpenChange } = renderMenu();
    await user.click(button);
    await user.pointer({ keys: '[MouseLeft]', target: screen.getByRole('menu') });
    expect(screen.queryByRole('menu')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'after the menu' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('runs an action once, closed, with focus back on the button for the dialog it opens to return to', async () => {
    const { user, button, onSelect } = renderMenu();
    await user.click(button);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('copies to the clipboard and says so, staying open', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Copy name' }));
    expect(await screen.findByRole('menuitem', { name: 'Copied ✓' })).toBeDefined();
    expect(await navigator.clipboard.readText()).toBe('h1');
    // Opened again, the entry reads as before.
    await user.click(button);
    await user.click(button);
    expect(screen.getByRole('menuitem', { name: 'Copy name' })).toBeDefined();
  });
});
