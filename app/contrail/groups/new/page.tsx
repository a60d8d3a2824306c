import type { Metadata } from 'next';
import { GroupFormPage } from '@/components/contrail/group-form-page';

export const metadata: Metadata = { title: 'New vRouter group · Contrail · Rackpilot' };

export default function Page() {
  return <GroupFormPage />;
}
