'use client';

import type { ReactNode } from 'react';
import { ConsoleLink } from '../console-link';
import { Breadcrumb } from '../ui/detail-page';
import { UpdatedWithActions } from '../ui/live-status';

/** A link from one of a host's pages to another, by the path after the host's own. */
export interface HostPageLink {
  path: string;
  label: string;
  testId?: string;
}

export function hostPagePath(namespace: string, name: string): string {
  return `/hosts/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}`;
}

/**
 * The top of a host's own pages (firmware, RAID, inspection): the breadcrumb, the title, what the page
 * reads, a way back to the host and to its sibling pages, and the live data's age.
 */
export function HostSubpageHeader({
  namespace,
  name,
  section,
  title,
  reads,
  testId,
  links = [],
  receivedAt,
}: {
  namespace: string;
  name: string;
  /** The breadcrumb's last step. */
  section: string;
  /** The heading's words before the host's name. */
  title: string;
  /** The kind the page shows, named before the namespace. */
  reads: string;
  testId: string;
  links?: HostPageLink[];
  receivedAt: number | undefined;
}): ReactNode {
  const hostHref = hostPagePath(namespace, name);
  return (
    <>
      <Breadcrumb href="/hosts" label="Hosts" trail={[namespace, name, section]} />
      <div className="flex flex-wrap items-start gap-x-6 gap-y-2">
        <div>
          <h1 className="text-2xl font-semibold" data-testid={testId}>
            {title} <span className="font-mono">{name}</span>
          </h1>
          <p className="text-sm text-slate-400">
            {reads} in namespace {namespace} ·{' '}
            <ConsoleLink href={hostHref} className="text-sky-300 underline">
              back to the host
            </ConsoleLink>
            {links.map((link) => (
              <span key={link.path}>
                {' '}
                ·{' '}
                <ConsoleLink
                  href={`${hostHref}/${link.path}`}
                  className="text-sky-300 underline"
                  data-testid={link.testId}
                >
                  {link.label}
                </ConsoleLink>
              </span>
            ))}
          </p>
        </div>
        <UpdatedWithActions at={receivedAt} />
      </div>
    </>
  );
}
