'use client';

import { useSearchParams } from 'next/navigation';
import { useState, type SyntheticEvent } from 'react';
import { safeNextPath } from '@/server/schemas/next-path';

const inputClass =
  'w-full rounded border border-slate-700 bg-slate-950 px-3 py-2 text-sm text-slate-100 focus:border-sky-500 focus:outline-none';

export function LoginForm() {
  const params = useSearchParams();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: form.get('username'), password: form.get('password') }),
      });
      if (response.ok) {
        // A full load, so the new session cookie opens a fresh WebSocket.
        window.location.assign(safeNextPath(params.get('next')));
        return;
      }
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      setError(body.error ?? `sign-in failed (${response.status})`);
    } catch {
      setError('the server does not answer');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="w-full max-w-sm space-y-4 rounded-lg border border-slate-800 bg-slate-900/70 p-6"
      aria-label="Sign in"
    >
      <h1 className="text-xl font-semibold text-slate-50">Sign in to Rackpilot</h1>
      <div>
        <label htmlFor="username" className="mb-1 block text-xs font-medium text-slate-300">
          Username
        </label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          required
          autoFocus
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="password" className="mb-1 block text-xs font-medium text-slate-300">
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className={inputClass}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded bg-sky-700 px-3 py-2 text-sm font-medium text-white hover:bg-sky-600 disabled:opacity-50"
      >
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
