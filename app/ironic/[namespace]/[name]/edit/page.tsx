import type { Metadata } from 'next';
import { RequireRole, RoleNeeded } from '@/components/access/require-role';
import { IronicEditPage } from '@/components/ironic/ironic-edit-page';

interface Params {
  namespace: string;
  name: string;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { name } = await params;
  return { title: `Edit ${name} · Ironic · Rackpilot` };
}

export default async function Page({ params }: { params: Promise<Params> }) {
  const { namespace, name } = await params;
  return (
    <RequireRole
      role="operator"
      fallback={<RoleNeeded role="operator" action="edit Ironic" title={`Edit ${name}`} />}
    >
      <IronicEditPage namespace={namespace} name={name} />
    </RequireRole>
  );
}
