'use client';

import { usePathname } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { useConnectionState } from './trpc/connection-state';

/** Pages that fill the screen on their own: the sign-in page and the wall. */
function isBare(pathname: string): boolean {
  return pathname === '/login' || pathname === '/wall';
}

/**
 * The console's frame (header and page width) around every page but the bare ones, and the one place
 * that sends a signed-out tab to the sign-in page.
 */
export function AppChrome({ header, children }: { header: ReactNode; children: ReactNode }) {
  const pathname = usePathname();
  const connection = useConnectionState();
  const bare = isBare(pathname);
  useEffect(() => {
    if (connection === 'signed-out' && !bare) {
      window.location.assign(
        `/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`,
      );
    }
  }, [connection, bare]);
  if (bare) return children;
  return (
    <>
      {/* The first Tab stop: past the header's links to the page itself. */}
      <a
        href="#main"
        className="sr-only rounded bg-sky-700 px-3 py-2 text-sm text-white focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50"
      >
        Skip to content
      </a>
      {header}
      <main id="main" tabIndex={-1} className="mx-auto max-w-[160rem] px-6 py-6 focus:outline-none">
        {children}
      </main>
    </>
  );
}
