// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the one place the console's links are made
import Link from 'next/link';
import type { ComponentProps } from 'react';

/**
 * Every link of the console, never prefetched. Each page renders per request (its CSP nonce), so Next's
 * prefetch of a link in view is a whole server render: an open hosts list asked the server for one per
 * host row, per navigation entry, on every page turn and again as live rows re-rendered. A click
 * fetches its (small) page then.
 */
export function ConsoleLink(props: Omit<ComponentProps<typeof Link>, 'prefetch'>) {
  return <Link {...props} prefetch={false} />;
}
