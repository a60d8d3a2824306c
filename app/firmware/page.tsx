import type { Metadata } from 'next';
import { Suspense } from 'react';
import { FleetFirmwarePage } from '@/components/firmware/fleet-page';

export const metadata: Metadata = { title: 'Firmware · Rackpilot' };

export default function Page() {
  return (
    <Suspense>
      <FleetFirmwarePage />
    </Suspense>
  );
}
