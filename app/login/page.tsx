import { Suspense } from 'react';
import { LoginForm } from '@/components/access/login-form';

export const metadata = { title: 'Sign in · Rackpilot' };

export default function LoginPage() {
  return (
    <div className="flex min-h-screen items-center justify-center px-6">
      <Suspense>
        <LoginForm />
      </Suspense>
    </div>
  );
}
