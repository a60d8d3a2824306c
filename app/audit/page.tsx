import { Suspense } from 'react';
import { RequireRole, RoleNeeded } from '@/components/access/require-role';
import { AuditLogPage } from '@/components/audit/audit-log-page';

export const metadata = { title: 'Audit log · Rackpilot' };

export default function AuditPage() {
  return (
    <RequireRole
      role="operator"
      fallback={<RoleNeeded role="operator" action="read the audit log" title="Audit log" />}
    >
      <Suspense>
        <AuditLogPage />
      </Suspense>
    </RequireRole>
  );
}
