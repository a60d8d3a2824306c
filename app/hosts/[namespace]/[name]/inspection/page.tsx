import type { Metadata } from 'next';
import { Suspense } from 'react';
import { InspectionPage } from '@/components/inspection/inspection-page';

interface Params {
  namespace: string;
  name: string;
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { name } = await params;
  return { title: `Inspection · ${name} · Hosts · Rackpilot` };
}

export default async function Page({ params }: { params: Promise<Params> }) {
  const { namespace, name } = await params;
  return (
    <Suspense>
      <InspectionPage namespace={namespace} name={name} />
    </Suspense>
  );
}
