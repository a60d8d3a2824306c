import type { Metadata } from 'next';
import { Suspense } from 'react';
import { IronicsPage } from '@/components/ironic/ironics-page';

export const metadata: Metadata = { title: 'Ironic · Rackpilot' };

export default function Page() {
  return (
    <Suspense>
      <IronicsPage />
    </Suspense>
  );
}
