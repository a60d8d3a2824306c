'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { ROLES, type Role } from '@/server/schemas/roles';
import { refetchAfterChange } from '../ui/refetch-after-change';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { timeText } from '../ui/format';
import { Panel } from '../ui/panel';
import { buttonClass, inputClass, PlainTable } from '../ui/plain-table';
import { OneTimeSecret } from './one-time-secret';

export function UsersPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const users = useQuery(trpc.access.users.queryOptions());
  const refresh = () => refetchAfterChange(queryClient, trpc.access.users.queryKey());
  const [shown, setShown] = useState<{ label: string; value: string }>();
  const create = useMutation(
    trpc.access.createUser.mutationOptions({
      onSuccess: (result) => {
        setShown({ label: `Password of ${result.user.username}`, value: result.password });
        void refresh();
      },
    }),
  );
  const setRole = useMutation(trpc.access.setRole.mutationOptions({ onSuccess: () => void refresh() }));
  const reset = useMutation(
    trpc.access.resetPassword.mutationOptions({
      onSuccess: (result) => {
        setShown({ label: 'New password', value: result.password });
      },
    }),
  );
  const remove = useMutation(trpc.access.removeUser.mutationOptions({ onSuccess: () => void refresh() }));
  const error = create.error ?? setRole.error ?? reset.error ?? remove.error;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate({
      username: (form.get('username') as string | null) ?? '',
      role: form.get('role') as Role,
    });
  };

  return (
    <Panel title="Users" testId="users-panel">
      <form onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-2" aria-label="Add a user">
        <label className="text-xs text-slate-300">
          Username
          <input name="username" required className={`${inputClass} mt-1 block`} />
        </label>
        <label className="text-xs text-slate-300">
          Role
          <select name="role" defaultValue="viewer" className={`${inputClass} mt-1 block`}>
            {ROLES.map((role) => (
              <option key={role}>{role}</option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass} disabled={create.isPending}>
          Add user
        </button>
      </form>
      {shown && <OneTimeSecret label={shown.label} value={shown.value} testId="one-time-password" />}
      {error && (
        <p role="alert" className="mb-2 whitespace-pre-line text-sm text-red-300">
          {errorText(error)}
        </p>
      )}
      <PlainTable
        testId="users"
        headers={['User', 'Signs in with', 'Role', 'Created', 'Sign-in delayed until', '']}
        empty="No users."
        rows={(users.data ?? []).map((user) => ({
          key: user.id,
          cells: [
            user.username,
            user.identityProvider === null ? (
              'password'
            ) : (
              <span key="provider" title={user.identityProvider}>
                identity provider (role from groups at each sign-in)
              </span>
            ),
            <select
              key="role"
              aria-label={`Role of ${user.username}`}
              value={user.role}
              onChange={(event) => setRole.mutate({ id: user.id, role: event.target.value as Role })}
              className={inputClass}
            >
              {ROLES.map((role) => (
                <option key={role}>{role}</option>
              ))}
            </select>,
            timeText(user.createdAt),
            user.signInDelayedUntil ? timeText(user.signInDelayedUntil) : '—',
            <span key="actions" className="flex gap-2">
              {user.identityProvider === null && (
                <button
                  type="button"
                  aria-label={`Reset password of ${user.username}`}
                  className={buttonClass}
                  onClick={() => reset.mutate({ id: user.id })}
                >
                  Reset password
                </button>
              )}
              <button
                type="button"
                aria-label={`Remove ${user.username}`}
                className={buttonClass}
                onClick={() => remove.mutate({ id: user.id })}
              >
                Remove
              </button>
            </span>,
          ],
        }))}
      />
    </Panel>
  );
}
