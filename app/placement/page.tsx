import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PlacementsPage } from '@/components/placement/placements-page';

export const metadata: Metadata = { title: 'Placement · Rackpilot' };

export default function Page() {
  return (
    <Suspense>
      <PlacementsPage />
    </Suspense>
  );
}
