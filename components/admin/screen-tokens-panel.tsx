'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { refetchAfterChange } from '../ui/refetch-after-change';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { timeText } from '../ui/format';
import { Panel } from '../ui/panel';
import { buttonClass, inputClass, PlainTable } from '../ui/plain-table';
import { OneTimeSecret } from './one-time-secret';

export function ScreenTokensPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.access.screenTokens.queryOptions());
  const refresh = () => refetchAfterChange(queryClient, trpc.access.screenTokens.queryKey());
  const [wallUrl, setWallUrl] = useState<string>();
  const mint = useMutation(
    trpc.access.mintScreenToken.mutationOptions({
      onSuccess: (result) => {
        setWallUrl(`${window.location.origin}/wall?token=${encodeURIComponent(result.token)}`);
        void refresh();
      },
    }),
  );
  const revoke = useMutation(
    trpc.access.revokeScreenToken.mutationOptions({ onSuccess: () => void refresh() }),
  );

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    mint.mutate({ name: (new FormData(event.currentTarget).get('name') as string | null) ?? '' });
  };

  return (
    <Panel title="Wall screens" testId="screen-tokens-panel">
      <p className="mb-3 text-sm text-slate-400">
        A screen token shows the read-only status wall without signing in. Open its URL once on the screen;
        the screen keeps its own cookie until the token is revoked.
      </p>
      <form
        onSubmit={submit}
        className="mb-4 flex flex-wrap items-end gap-2"
        aria-label="Mint a screen token"
      >
        <label className="text-xs text-slate-300">
          Screen name
          <input name="name" required placeholder="e.g. NOC TV 1" className={`${inputClass} mt-1 block`} />
        </label>
        <button type="submit" className={buttonClass} disabled={mint.isPending}>
          Mint token
        </button>
      </form>
      {wallUrl && <OneTimeSecret label="Wall URL for this screen" value={wallUrl} testId="wall-url" />}
      {(mint.error ?? revoke.error) && (
        <p role="alert" className="mb-2 text-sm text-red-300">
          {errorText(mint.error ?? revoke.error)}
        </p>
      )}
      <PlainTable
        testId="screen-tokens"
        headers={['Screen', 'Minted by', 'Minted', 'Last used', 'Screens', '']}
        empty="No screen tokens."
        rows={(tokens.data ?? []).map((token) => ({
          key: token.id,
          cells: [
            token.name,
            token.createdBy,
            timeText(token.createdAt),
            token.lastUsedAt ? timeText(token.lastUsedAt) : 'never',
            token.screens,
            token.revokedAt ? (
              <span key="revoked" className="text-slate-400">
                revoked {timeText(token.revokedAt)}
              </span>
            ) : (
              <button
                key="revoke"
                type="button"
                className={buttonClass}
                onClick={() => revoke.mutate({ id: token.id })}
              >
                Revoke {token.name}
              </button>
            ),
          ],
        }))}
      />
    </Panel>
  );
}
