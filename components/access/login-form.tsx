'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { safeNextPath } from '@/server/schemas/next-path';
import { END_SESSION_KEY } from './user-menu';

interface SignInMethods {
  local: boolean;
  oidc: { name: string } | null;
}

/** How one may sign in (GET /api/auth/methods), and the provider's sign-out offered after signing out here. */
function useSignInMethods(): { methods: SignInMethods | undefined; endSessionUrl: string | null } {
  const [methods, setMethods] = useState<SignInMethods>();
  const [endSessionUrl, setEndSessionUrl] = useState<string | null>(null);
  useEffect(() => {
    // Offered once: a reload of the sign-in page does not show it again.
    const offered = sessionStorage.getItem(END_SESSION_KEY);
    sessionStorage.removeItem(END_SESSION_KEY);
    void fetch('/api/auth/methods')
      .then((response) => response.json() as Promise<SignInMethods>)
      .catch(() => ({ local: true, oidc: null }))
      .then((found) => {
        setMethods(found);
        setEndSessionUrl(offered);
      });
  }, []);
  return { methods, endSessionUrl };
}

const inputClass =
  'w-full rounded border border-slate-700 bg-slate-950 px-3 py-2 text-sm text-slate-100 focus:border-sky-500 focus:outline-none';

export function LoginForm() {
  const params = useSearchParams();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { methods, endSessionUrl } = useSignInMethods();
  const next = safeNextPath(params.get('next'));

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
        window.location.assign(next);
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
      {endSessionUrl && methods?.oidc && (
        <p className="text-sm text-slate-300">
          You are signed out of Rackpilot.{' '}
          <a href={endSessionUrl} className="text-sky-300 underline">
            Also sign out of {methods.oidc.name}
          </a>
        </p>
      )}
      {methods?.oidc && (
        <a
          href={`/api/auth/oidc/start?next=${encodeURIComponent(next)}`}
          className="block w-full rounded bg-sky-700 px-3 py-2 text-center text-sm font-medium text-white hover:bg-sky-600"
        >
          Sign in with {methods.oidc.name}
        </a>
      )}
      {methods?.local !== false && <PasswordFields busy={busy} error={error} />}
    </form>
  );
}

function PasswordFields({ busy, error }: { busy: boolean; error: string | undefined }) {
  return (
    <>
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
    </>
  );
}
