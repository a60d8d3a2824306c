import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { TrpcProvider } from '@/components/trpc/trpc-provider';
import { AppHeader } from '@/components/app-header';
import './globals.css';

export const metadata: Metadata = {
  title: 'Rackpilot',
  description: 'Bare-metal Kubernetes console',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <TrpcProvider>
          <AppHeader />
          <main className="mx-auto max-w-7xl px-6 py-6">{children}</main>
        </TrpcProvider>
      </body>
    </html>
  );
}
