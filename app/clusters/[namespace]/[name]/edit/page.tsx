import type { Metadata } from 'next';
import { RequireRole, RoleNeeded } from '@/components/access/require-role';
import { ClusterEditPage } from '@/components/clusters/cluster-edit-page';

interface Params {
  namespace: string;
  name: string;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { name } = await params;
  return { title: `Edit ${name} · Clusters · Rackpilot` };
}

export default async function Page({ params }: { params: Promise<Params> }) {
  const { namespace, name } = await params;
  return (
    <RequireRole
      role="operator"
      fallback={<RoleNeeded role="operator" action="edit tenant clusters" title={`Edit ${name}`} />}
    >
      <ClusterEditPage namespace={namespace} name={name} />
    </RequireRole>
  );
}
