import type { FieldChange, HardwareChange } from '@/server/lib/hardware-diff';

const PART_WORDS: Record<HardwareChange['part'], string> = {
  nic: 'NIC',
  disk: 'Disk',
  cpu: 'CPU',
  memory: 'Memory',
  firmware: 'Firmware',
  system: 'System',
};

const shown = (value: FieldChange['before']) => (value === null ? 'none' : String(value));

function fieldWords(field: FieldChange): string {
  if (field.field === 'ramMebibytes') {
    const less =
      typeof field.before === 'number' && typeof field.after === 'number' && field.after < field.before
        ? ` (${String(field.before - field.after)} MiB less: a DIMM or more missing or failed)`
        : '';
    return `${shown(field.before)} → ${shown(field.after)} MiB${less}`;
  }
  return `${field.field} ${shown(field.before)} → ${shown(field.after)}`;
}

/** One change in an operator's words: "Disk S1 (/dev/sdb) removed", "Firmware: BIOS version 1.0 → 1.1". */
export function changeWords(change: HardwareChange): string {
  const part = PART_WORDS[change.part];
  const named = change.part === 'nic' || change.part === 'disk';
  const what = named ? `${part} ${change.subject}${change.label ? ` (${change.label})` : ''}` : part;
  if (change.change !== 'changed') return `${what} ${change.change}`;
  return `${what}: ${change.fields.map(fieldWords).join(', ')}`;
}
