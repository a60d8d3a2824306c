import { Suspense } from 'react';
import { AuditLogPage } from '@/components/audit/audit-log-page';

export const metadata = { title: 'Audit log · Rackpilot' };

export default function AuditPage() {
  return (
    <Suspense>
      <AuditLogPage />
    </Suspense>
  );
}
