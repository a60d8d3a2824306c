import { ChangePasswordForm } from '@/components/account/change-password-form';

export const metadata = { title: 'Account · Rackpilot' };

export default function AccountPage() {
  return <ChangePasswordForm />;
}
