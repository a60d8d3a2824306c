import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ManagersPage } from '@/components/contrail/managers-page';

export const metadata: Metadata = { title: 'Contrail · Rackpilot' };

export default function Page() {
  return (
    <Suspense>
      <ManagersPage />
    </Suspense>
  );
}
