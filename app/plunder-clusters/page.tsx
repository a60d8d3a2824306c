import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PlunderClustersPage } from '@/components/plunder-clusters/plunder-clusters-page';

export const metadata: Metadata = { title: 'Plunder clusters · Rackpilot' };

export default function Page() {
  return (
    <Suspense>
      <PlunderClustersPage />
    </Suspense>
  );
}
