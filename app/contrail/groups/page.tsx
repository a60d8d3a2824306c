import type { Metadata } from 'next';
import { Suspense } from 'react';
import { GroupsPage } from '@/components/contrail/groups-page';

export const metadata: Metadata = { title: 'vRouter groups · Contrail · Rackpilot' };

export default function Page() {
  return (
    <Suspense>
      <GroupsPage />
    </Suspense>
  );
}
