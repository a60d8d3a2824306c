import { ScreenTokensPanel } from '@/components/admin/screen-tokens-panel';
import { SessionsPanel } from '@/components/admin/sessions-panel';
import { UsersPanel } from '@/components/admin/users-panel';

export const metadata = { title: 'Admin · Rackpilot' };

export default function AdminPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-xl font-semibold text-slate-50">Admin</h1>
      <UsersPanel />
      <ScreenTokensPanel />
      <SessionsPanel />
    </div>
  );
}
