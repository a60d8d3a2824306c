import type { Metadata } from 'next';
import { Suspense } from 'react';
import { HardwarePage } from '@/components/hardware/hardware-page';

export const metadata: Metadata = { title: 'Unleased hardware · Rackpilot' };

export default function Page() {
  return (
    <Suspense>
      <HardwarePage />
    </Suspense>
  );
}
