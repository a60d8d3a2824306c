'use client';

import type { ReactNode } from 'react';
import type { Role } from '@/server/schemas/roles';
import { canAct, useViewer } from './use-viewer';

/**
 * Shows its children only to users with at least `role`; the server refuses the call anyway. A
 * `fallback` explains the absence where hiding alone would confuse (a whole form page).
 */
export function RequireRole({
  role,
  children,
  fallback,
}: {
  role: Role;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const viewer = useViewer();
  if (canAct(viewer, role)) return children;
  if (viewer.role === undefined || !fallback) return null;
  return fallback;
}

/** Stands in for a whole page: the page's own heading, then why its content is not shown. */
export function RoleNeeded({ role, action, title }: { role: Role; action: string; title: string }) {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p
        className="rounded border border-slate-700 bg-slate-900 p-4 text-slate-300"
        data-testid="role-needed"
      >
        You need the {role} role to {action}. Ask an admin if you should have it.
      </p>
    </section>
  );
}
