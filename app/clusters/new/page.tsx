import type { Metadata } from 'next';
import { RequireRole, RoleNeeded } from '@/components/access/require-role';
import { ClusterFormPage } from '@/components/clusters/cluster-form-page';

export const metadata: Metadata = { title: 'New cluster · Rackpilot' };

export default function Page() {
  return (
    <RequireRole
      role="operator"
      fallback={<RoleNeeded role="operator" action="create tenant clusters" title="New tenant cluster" />}
    >
      <ClusterFormPage />
    </RequireRole>
  );
}
