import type { Metadata } from 'next';
import { PlacementFormPage } from '@/components/placement/placement-form-page';

export const metadata: Metadata = { title: 'New PlacementAPI · Rackpilot' };

export default function Page() {
  return <PlacementFormPage />;
}
