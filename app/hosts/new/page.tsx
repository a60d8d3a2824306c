import type { Metadata } from 'next';
import { RequireRole, RoleNeeded } from '@/components/access/require-role';
import { HostRegisterPage } from '@/components/hosts/host-register-page';

export const metadata: Metadata = { title: 'Add host · Rackpilot' };

export default function Page() {
  return (
    <RequireRole
      role="operator"
      fallback={<RoleNeeded role="operator" action="add hosts" title="Add host" />}
    >
      <HostRegisterPage />
    </RequireRole>
  );
}
