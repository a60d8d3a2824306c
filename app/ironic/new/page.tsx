import type { Metadata } from 'next';
import { IronicFormPage } from '@/components/ironic/ironic-form-page';

export const metadata: Metadata = { title: 'New Ironic · Rackpilot' };

export default function Page() {
  return <IronicFormPage />;
}
