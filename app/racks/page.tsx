import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RacksPage } from '@/components/racks/racks-page';

export const metadata: Metadata = { title: 'Racks · Rackpilot' };

export default function Page() {
  return (
    <Suspense>
      <RacksPage />
    </Suspense>
  );
}
