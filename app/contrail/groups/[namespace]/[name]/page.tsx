import type { Metadata } from 'next';
import { GroupDetailPage } from '@/components/contrail/group-detail-page';

interface Params {
  namespace: string;
  name: string;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { name } = await params;
  return { title: `${name} · vRouter groups · Rackpilot` };
}

export default async function Page({ params }: { params: Promise<Params> }) {
  const { namespace, name } = await params;
  return <GroupDetailPage namespace={namespace} name={name} />;
}
