import type { Metadata } from 'next';
import { IronicDetailPage } from '@/components/ironic/ironic-detail-page';

interface Params {
  namespace: string;
  name: string;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { name } = await params;
  return { title: `${name} · Ironic · Rackpilot` };
}

export default async function Page({ params }: { params: Promise<Params> }) {
  const { namespace, name } = await params;
  return <IronicDetailPage namespace={namespace} name={name} />;
}
