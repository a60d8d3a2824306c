'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_RACK_SETTINGS, type RackSettings } from '@/server/schemas/rack-settings';

const RackSettingsContext = createContext<RackSettings>(DEFAULT_RACK_SETTINGS);

/**
 * The server's rack settings (which labels hold a host's slot and height, how tall a rack is), handed
 * down once by the root layout: the host form and the label editor write those labels.
 */
export function RackSettingsProvider({
  settings,
  children,
}: {
  settings: RackSettings;
  children: ReactNode;
}) {
  return <RackSettingsContext value={settings}>{children}</RackSettingsContext>;
}

export function useRackSettings(): RackSettings {
  return useContext(RackSettingsContext);
}
