// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { later } from '@/tools/testenv/console-test-api';
import { escapeDialog, renderConsole } from '@/tools/testenv/render-console';
import { ConfirmDialog } from './confirm-dialog';
import { DeleteObjectButton } from './delete-object-button';

function renderDelete(remove: () => Promise<void>) {
  const rendered = renderConsole(
    <DeleteObjectButton
      testId="delete-ironic"
      title="Delete ironic-1?"
      actionLabel="Delete Ironic"
      name="ironic-1"
      remove={remove}
    >
      <p>Its database stays.</p>
    </DeleteObjectButton>,
  );
  const opener = screen.getByTestId('delete-ironic');
  return { ...rendered, opener };
}

const dialog = () => screen.queryByTestId('confirm-dialog');
const confirmButton = () => screen.getByTestId<HTMLButtonElement>('confirm-action');

describe('the type-to-confirm delete', () => {
  it('enables the delete only while the exact name is typed', async () => {
    const remove = vi.fn(() => Promise.resolve());
    const { user, opener } = renderDelete(remove);
    await user.click(opener);
    const input = screen.getByTestId('confirm-input');
    expect(document.activeElement).toBe(input);
    expect(within(screen.getByTestId('confirm-dialog')).getByText('Its database stays.')).toBeDefined();
    for (const [typed, enabled] of [
      ['ironic', false],
      ['ironic-1', true],
      ['ironic-12', false],
      ['IRONIC-1', false],
      [' ironic-1', false],
    ] as const) {
      await user.clear(input);
      await user.type(input, typed);
      expect(confirmButton().disabled, `typed "${typed}"`).toBe(!enabled);
    }
    // Enter in the field does not get round the disabled button.
    await user.type(input, '{Enter}');
    expect(remove).not.toHaveBeenCalled();
  });

  it('deletes once confirmed, shows the call under way, and closes with focus back on the opener', async () => {
    const answer = later<undefined>();
    const remove = vi.fn(() => answer.promise);
    const { user, opener } = renderDelete(remove);
    await user.click(opener);
    await user.type(screen.getByTestId('confirm-input'), 'ironic-1');
    await user.click(confirmButton());
    expect(remove).toHaveBeenCalledTimes(1);
    expect(confirmButton().textContent).toBe('Working…');
    expect(confirmButton().disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    // Busy, Escape does not close the dialog.
    await escapeDialog(user, screen.getByTestId('confirm-dialog'));
    expect(dialog()).not.toBeNull();
    answer.resolve(undefined);
    await waitFor(() => {
      expect(dialog()).toBeNull();
    });
    expect(document.activeElement).toBe(opener);
  });

  it('keeps the dialog open with the server’s reason when the delete is refused', async () => {
    const remove = vi.fn(() => Promise.reject(new Error('Ironic ironic-1 is in use by 3 hosts')));
    const { user, opener } = renderDelete(remove);
    await user.click(opener);
    await user.type(screen.getByTestId('confirm-input'), 'ironic-1');
    await user.click(confirmButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Ironic ironic-1 is in use by 3 hosts');
    expect(dialog()).not.toBeNull();
    expect(confirmButton().disabled).toBe(false);
    // Opened again, the old reason is gone.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(opener);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('cancels on Escape: nothing deleted, focus back on the opener', async () => {
    const remove = vi.fn(() => Promise.resolve());
    const { user, opener } = renderDelete(remove);
    await user.click(opener);
    await user.type(screen.getByTestId('confirm-input'), 'ironic-1');
    await escapeDialog(user, screen.getByTestId('confirm-dialog'));
    expect(dialog()).toBeNull();
    expect(remove).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });
});

describe('ConfirmDialog without a name to type', () => {
  it('starts on the confirm button, confirms on Enter, and keeps Tab inside the dialog', async () => {
    const onConfirm = vi.fn();
    const { user } = renderConsole(
      <ConfirmDialog
        title="Restart h1?"
        actionLabel="Restart"
        busy={false}
        onConfirm={onConfirm}
        onCancel={vi.fn()}
      >
        <p>This power-cycles h1.</p>
      </ConfirmDialog>,
    );
    expect(document.activeElement).toBe(confirmButton());
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirmButton());
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
