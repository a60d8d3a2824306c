'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refetchAfterChange } from '../ui/refetch-after-change';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { timeText } from '../ui/format';
import { Panel } from '../ui/panel';
import { buttonClass, PlainTable } from '../ui/plain-table';

export function SessionsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.access.sessions.queryOptions());
  const revoke = useMutation(
    trpc.access.revokeSession.mutationOptions({
      onSuccess: () => refetchAfterChange(queryClient, trpc.access.sessions.queryKey()),
    }),
  );
  return (
    <Panel title="Signed-in sessions" testId="sessions-panel">
      {revoke.error && (
        <p role="alert" className="mb-2 text-sm text-red-300">
          {errorText(revoke.error)}
        </p>
      )}
      <PlainTable
        testId="sessions"
        headers={['User', 'Address', 'Browser', 'Signed in', 'Last seen', '']}
        empty="No live sessions."
        rows={(sessions.data ?? []).map((session) => ({
          key: session.id,
          cells: [
            <span key="user">
              {session.username}
              {session.current && (
                <span
                  data-testid="own-session"
                  className="ml-2 rounded bg-sky-900 px-1.5 text-xs text-sky-100"
                >
                  this session
                </span>
              )}
            </span>,
            session.clientIp,
            <span key="ua" className="line-clamp-1 max-w-xs text-xs text-slate-400" title={session.userAgent}>
              {session.userAgent}
            </span>,
            timeText(session.createdAt),
            timeText(session.lastSeenAt),
            <button
              key="revoke"
              type="button"
              className={buttonClass}
              aria-label={
                session.current ? 'Sign out this session' : `Sign out ${session.username}'s session`
              }
              onClick={() => revoke.mutate({ id: session.id })}
            >
              Sign out
            </button>,
          ],
        }))}
      />
    </Panel>
  );
}
