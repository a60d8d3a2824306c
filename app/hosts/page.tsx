import type { Metadata } from 'next';
import { Suspense } from 'react';
import { HostsPage } from '@/components/hosts/hosts-page';

export const metadata: Metadata = { title: 'Hosts · Rackpilot' };

export default function Page() {
  return (
    <Suspense>
      <HostsPage />
    </Suspense>
  );
}
