import type { Metadata } from 'next';
import { PlacementDetailPage } from '@/components/placement/placement-detail-page';

interface Params {
  namespace: string;
  name: string;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { name } = await params;
  return { title: `${name} · Placement · Rackpilot` };
}

export default async function Page({ params }: { params: Promise<Params> }) {
  const { namespace, name } = await params;
  return <PlacementDetailPage namespace={namespace} name={name} />;
}
