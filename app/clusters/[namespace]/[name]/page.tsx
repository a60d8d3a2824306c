import type { Metadata } from 'next';
import { ClusterDetailPage } from '@/components/clusters/cluster-detail-page';

interface Params {
  namespace: string;
  name: string;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { name } = await params;
  return { title: `${name} · Clusters · Rackpilot` };
}

export default async function Page({ params }: { params: Promise<Params> }) {
  const { namespace, name } = await params;
  return <ClusterDetailPage namespace={namespace} name={name} />;
}
