import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ClustersPage } from '@/components/clusters/clusters-page';

export const metadata: Metadata = { title: 'Clusters · Rackpilot' };

export default function Page() {
  return (
    <Suspense>
      <ClustersPage />
    </Suspense>
  );
}
