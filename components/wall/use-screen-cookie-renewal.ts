'use client';

import { useEffect } from 'react';

/** How often a wall asks for its cookie again: well inside the browsers' 400-day cap on a cookie's life. */
export const RENEW_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * A screen's cookie is renewed by the session route (server/http/auth-routes.ts) each time the wall asks
 * it who it is: asked on load and daily, a wall that runs for years never reaches the cookie's end. A
 * failed ask changes nothing; the socket is what notices a revoked screen.
 */
export function useScreenCookieRenewal(): void {
  useEffect(() => {
    const renew = () => {
      fetch('/api/auth/session', { cache: 'no-store' }).catch(() => undefined);
    };
    renew();
    const timer = setInterval(renew, RENEW_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
}
