import { BulkJobsPage } from '@/components/bulk/bulk-jobs-page';

export const metadata = { title: 'Bulk jobs · Rackpilot' };

export default function Page() {
  return <BulkJobsPage />;
}
