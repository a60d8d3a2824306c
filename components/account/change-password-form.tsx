'use client';

import { useMutation } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { useViewer } from '../access/use-viewer';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { Panel } from '../ui/panel';
import { buttonClass, inputClass } from '../ui/plain-table';

export function ChangePasswordForm() {
  const trpc = useTRPC();
  const viewer = useViewer();
  const [mismatch, setMismatch] = useState(false);
  const change = useMutation(trpc.access.changePassword.mutationOptions());

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => (form.get(name) as string | null) ?? '';
    const repeatMatches = field('newPassword') === field('repeat');
    setMismatch(!repeatMatches);
    if (repeatMatches) {
      change.mutate({ currentPassword: field('currentPassword'), newPassword: field('newPassword') });
    }
  };

  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Your account</h1>
      <Panel title={`Account ${viewer.username ?? ''} (${viewer.role ?? '…'})`} testId="account-panel">
        <form onSubmit={submit} className="grid max-w-sm gap-3" aria-label="Change password">
          {(
            [
              ['currentPassword', 'Current password', 'current-password'],
              ['newPassword', 'New password (at least 12 characters)', 'new-password'],
              ['repeat', 'New password again', 'new-password'],
            ] as const
          ).map(([name, label, autoComplete]) => (
            <label key={name} className="text-xs text-slate-300">
              {label}
              <input
                name={name}
                type="password"
                required
                autoComplete={autoComplete}
                className={`${inputClass} mt-1 block w-full`}
              />
            </label>
          ))}
          {mismatch && (
            <p role="alert" className="text-sm text-red-300">
              The new passwords differ.
            </p>
          )}
          {change.error && (
            <p role="alert" className="whitespace-pre-line text-sm text-red-300">
              {errorText(change.error)}
            </p>
          )}
          {change.isSuccess && (
            <p role="status" className="text-sm text-emerald-300">
              Password changed; your other sessions were signed out.
            </p>
          )}
          <button type="submit" className={buttonClass} disabled={change.isPending}>
            Change password
          </button>
        </form>
      </Panel>
    </section>
  );
}
