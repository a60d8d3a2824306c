import type { Metadata } from 'next';
import { ClusterFormPage } from '@/components/clusters/cluster-form-page';

export const metadata: Metadata = { title: 'New cluster · Rackpilot' };

export default function Page() {
  return <ClusterFormPage />;
}
