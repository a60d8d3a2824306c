import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { TrpcProvider } from '@/components/trpc/trpc-provider';
import { AppChrome } from '@/components/app-chrome';
import { AppHeader } from '@/components/app-header';
import { RackSettingsProvider } from '@/components/hosts/rack-settings-context';
import { DEFAULT_RACK_SETTINGS } from '@/server/schemas/rack-settings';
import { getRuntime } from '@/server/runtime';
import './globals.css';

export const metadata: Metadata = {
  title: 'Rackpilot',
  description: 'Bare-metal Kubernetes console',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Reading the request makes every page render per request, which the per-response CSP nonce needs.
  await headers();
  return (
    <html lang="en">
      <body className="min-h-screen">
        <TrpcProvider>
          <RackSettingsProvider settings={getRuntime()?.racks ?? DEFAULT_RACK_SETTINGS}>
            <AppChrome header={<AppHeader />}>{children}</AppChrome>
          </RackSettingsProvider>
        </TrpcProvider>
      </body>
    </html>
  );
}
