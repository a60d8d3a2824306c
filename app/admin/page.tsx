import { RequireRole, RoleNeeded } from '@/components/access/require-role';
import { CrdsLeftAlonePanel } from '@/components/admin/crds-left-alone-panel';
import { ScreenTokensPanel } from '@/components/admin/screen-tokens-panel';
import { SessionsPanel } from '@/components/admin/sessions-panel';
import { UsersPanel } from '@/components/admin/users-panel';

export const metadata = { title: 'Admin · Rackpilot' };

export default function AdminPage() {
  return (
    <RequireRole
      role="admin"
      fallback={<RoleNeeded role="admin" action="manage users, wall screens and sessions" title="Admin" />}
    >
      <div className="space-y-6">
        <h1 className="text-xl font-semibold text-slate-50">Admin</h1>
        <UsersPanel />
        <ScreenTokensPanel />
        <SessionsPanel />
        <CrdsLeftAlonePanel />
      </div>
    </RequireRole>
  );
}
