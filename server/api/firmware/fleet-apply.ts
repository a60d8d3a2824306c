/**
 * One host's part of applying settings (one setting or a baseline) to a fleet: which of them it must
 * be asked for, or why it is left alone. The change itself is the per-host editor's (settingsChange),
 * so a bulk write is checked exactly as a write from the host's page. Pure.
 */
import type { SettingValue } from '../../schemas/firmware-setting-rules';
import type { FirmwareSchema } from '../../types/crds/firmware-schema';
import type { HostFirmwareSettings } from '../../types/crds/host-firmware-settings';
import { NO_SCHEMA, NO_SETTINGS } from './firmware-view';
import { settingsChange, type SettingsChange } from './settings-change';

export type FleetApplyStep =
  | { kind: 'skip'; reason: string }
  | {
      kind: 'write';
      settings: Record<string, SettingValue>;
      patch: Extract<SettingsChange, { status: 'ok' }>['patch'];
    };

/** The vendor and model a schema is for, in the fleet view's words. */
export function modelOf(vendor: string, model: string): string {
  return [vendor, model].filter(Boolean).join(' ') || 'unknown hardware';
}

export function fleetApplyStep(
  hfs: HostFirmwareSettings | undefined,
  schema: FirmwareSchema | undefined,
  target: { vendor: string; model: string; settings: Readonly<Record<string, SettingValue>> },
): FleetApplyStep {
  if (!hfs) return { kind: 'skip', reason: NO_SETTINGS };
  if (!schema?.spec) return { kind: 'skip', reason: NO_SCHEMA };
  const vendor = schema.spec.hardwareVendor ?? '';
  const model = schema.spec.hardwareModel ?? '';
  if (vendor !== target.vendor || model !== target.model) {
    return {
      kind: 'skip',
      reason: `it is a ${modelOf(vendor, model)}, not a ${modelOf(target.vendor, target.model)}`,
    };
  }
  const readOnly = Object.keys(target.settings).filter(
    (name) => schema.spec?.schema[name]?.read_only === true,
  );
  if (readOnly.length > 0) return { kind: 'skip', reason: `read-only on this host: ${readOnly.join(', ')}` };
  const current = hfs.status?.settings ?? {};
  const wanted = hfs.spec?.settings ?? {};
  // What the host will have after its next cleaning: a pending value counts as asked for already.
  const differing = Object.fromEntries(
    Object.entries(target.settings).filter(
      ([name, value]) => String(wanted[name] ?? current[name]) !== String(value),
    ),
  );
  if (Object.keys(differing).length === 0) {
    const pending = Object.keys(target.settings).some(
      (name) => wanted[name] !== undefined && current[name] !== String(wanted[name]),
    );
    return {
      kind: 'skip',
      reason: pending
        ? 'its settings already ask for these values: they are applied at its next cleaning'
        : 'its settings already match',
    };
  }
  const change = settingsChange(hfs, schema, differing, hfs.metadata.resourceVersion ?? '');
  if (change.status === 'rejected') return { kind: 'skip', reason: change.message };
  return { kind: 'write', settings: differing, patch: change.patch };
}
