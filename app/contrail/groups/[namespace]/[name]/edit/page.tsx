import type { Metadata } from 'next';
import { RequireRole, RoleNeeded } from '@/components/access/require-role';
import { GroupEditPage } from '@/components/contrail/group-edit-page';

interface Params {
  namespace: string;
  name: string;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { name } = await params;
  return { title: `Edit ${name} · vRouter groups · Rackpilot` };
}

export default async function Page({ params }: { params: Promise<Params> }) {
  const { namespace, name } = await params;
  return (
    <RequireRole
      role="operator"
      fallback={<RoleNeeded role="operator" action="edit a vRouter group" title={`Edit ${name}`} />}
    >
      <GroupEditPage namespace={namespace} name={name} />
    </RequireRole>
  );
}
