import type { Metadata } from 'next';
import { Suspense } from 'react';
import { HardwareDetailPage } from '@/components/hardware/hardware-detail-page';

interface Params {
  mac: string;
}

/** The segment as typed or linked (`aa%3Abb…`); a malformed escape is left for the API to refuse. */
function macOf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { mac } = await params;
  return { title: `${macOf(mac)} · Hardware · Rackpilot` };
}

export default async function Page({ params }: { params: Promise<Params> }) {
  const { mac } = await params;
  return (
    <Suspense>
      <HardwareDetailPage mac={macOf(mac)} />
    </Suspense>
  );
}
