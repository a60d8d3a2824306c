import type { Metadata } from 'next';
import { ManagerDetailPage } from '@/components/contrail/manager-detail-page';

interface Params {
  namespace: string;
  name: string;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { name } = await params;
  return { title: `${name} · Contrail · Rackpilot` };
}

export default async function Page({ params }: { params: Promise<Params> }) {
  const { namespace, name } = await params;
  return <ManagerDetailPage namespace={namespace} name={name} />;
}
