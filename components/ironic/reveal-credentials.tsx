'use client';

import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { ErrorBox, Fields } from '../ui/panel';

/** Admins only: the API credentials in clear text, fetched by an audited mutation, never cached. */
export function RevealCredentials({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const reveal = useMutation(trpc.ironic.revealCredentials.mutationOptions());
  if (reveal.data) {
    return (
      <div className="space-y-1" data-testid="revealed-credentials">
        <Fields
          items={[
            ['Username', <span className="font-mono">{reveal.data.username}</span>],
            ['Password', <span className="select-all font-mono">{reveal.data.password}</span>],
          ]}
        />
        <button
          type="button"
          className="text-xs text-sky-300 hover:underline"
          onClick={() => {
            reveal.reset();
          }}
        >
          Hide
        </button>
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <button
        type="button"
        data-testid="reveal-credentials"
        disabled={reveal.isPending}
        onClick={() => {
          reveal.mutate({ namespace, name });
        }}
        className="rounded-md border border-slate-600 px-3 py-1 text-sm text-slate-200 hover:bg-slate-800 disabled:opacity-50"
      >
        Reveal credentials
      </button>
      <p className="text-xs text-slate-400">Each reveal is recorded in the audit log.</p>
      {reveal.isError && <ErrorBox>{errorText(reveal.error)}</ErrorBox>}
    </div>
  );
}
