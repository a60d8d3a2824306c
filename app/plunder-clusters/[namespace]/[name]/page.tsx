import type { Metadata } from 'next';
import { PlunderClusterDetailPage } from '@/components/plunder-clusters/plunder-cluster-detail-page';

interface Params {
  namespace: string;
  name: string;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { name } = await params;
  return { title: `${name} · Plunder clusters · Rackpilot` };
}

export default async function Page({ params }: { params: Promise<Params> }) {
  const { namespace, name } = await params;
  return <PlunderClusterDetailPage namespace={namespace} name={name} />;
}
