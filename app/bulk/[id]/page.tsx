import { BulkJobPage } from '@/components/bulk/bulk-job-page';

export const metadata = { title: 'Bulk job · Rackpilot' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <BulkJobPage id={id} />;
}
