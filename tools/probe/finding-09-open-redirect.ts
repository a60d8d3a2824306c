import type { EdgeProbe } from './edge-probe';

/** Known open-redirect bypasses of a `next` parameter: each must lead back to this site only. */
export const OFF_SITE_NEXT_VALUES = [
  '//evil.example',
  '//evil.example/x',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\t/evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0D/evil.example',
  '/%00/evil.example',
  '%2F%2Fevil.example',
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '%5C%5Cevil.example',
  '/%252F/evil.example',
  '/%25252F/evil.example',
  '/%2509/evil.example',
  '/%E0%A4%A/evil.example',
  '/./\\evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/x/..//evil.example',
  'https://evil.example',
  'HTTPS://evil.example',
  '//EVIL.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' //evil.example',
  '\u0000//evil.example',
  'evil.example',
];

/**
 * The sign-in page must not carry an off-site `next` into the browser: the server answers such a
 * request with a redirect to the plain sign-in page (the browser's own check is the e2e test's).
 */
export const openRedirectProbe: EdgeProbe = {
  finding: 9,
  title: 'open redirect after sign-in',
  needsCredentials: false,
  async run(target, signal) {
    const kept: string[] = [];
    for (const value of OFF_SITE_NEXT_VALUES) {
      const response = await fetch(`${target.url}/login?next=${encodeURIComponent(value)}`, {
        redirect: 'manual',
        signal,
      });
      await response.body?.cancel();
      const location = response.headers.get('location');
      const to = location === null ? undefined : new URL(location, target.url);
      const next = to?.searchParams.get('next') ?? null;
      const cleaned =
        response.status === 302 && to?.origin === target.url && to.pathname === '/login' && !next;
      if (!cleaned) kept.push(JSON.stringify(value));
    }
    return {
      held: kept.length === 0,
      detail:
        kept.length === 0
          ? `${OFF_SITE_NEXT_VALUES.length} off-site next values all sent back to a plain /login`
          : `the sign-in page kept ${kept.length} of ${OFF_SITE_NEXT_VALUES.length} off-site next values, e.g. ${kept.slice(0, 3).join(', ')}`,
    };
  },
};
