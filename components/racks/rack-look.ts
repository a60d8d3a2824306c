import type { HostStatusView } from '@/server/api/hosts/host-row';
import { toneStyles, type Tone } from '../ui/tone';

/** A box's look: the hosts list's tone, except that a host switched off (and not failing) reads as off. */
export type BoxLook = Tone | 'off';

export function boxLook(status: Pick<HostStatusView, 'tone' | 'power'>): BoxLook {
  if (status.tone === 'error') return 'error';
  return status.power === 'off' ? 'off' : status.tone;
}

/** Fill, border and text of a box; light text on dark fills keeps every look readable. */
export const BOX_STYLES: Record<BoxLook, string> = {
  ok: 'bg-emerald-900 border-emerald-500 text-emerald-50',
  progress: 'bg-sky-900 border-sky-400 text-sky-50',
  warning: 'bg-amber-900 border-amber-400 text-amber-50',
  error: 'bg-red-900 border-red-400 text-red-50',
  neutral: 'bg-slate-700 border-slate-400 text-slate-50',
  off: 'bg-slate-950 border-dashed border-slate-500 text-slate-200',
};

/** A glyph per look, so state never rests on colour alone. */
export function boxGlyph(look: BoxLook): string {
  return look === 'off' ? '◇' : toneStyles[look].glyph;
}

/** The word a screen reader hears for the look. */
export function boxWord(look: BoxLook): string {
  return look === 'off' ? 'powered off' : toneStyles[look].word;
}

/**
 * The mark of a host in a tenant cluster: the first letter of its SIP role (ControlPlane → C, Worker
 * → W), or a dot when the role is not set; nothing for a host in no cluster.
 */
export function tenantMark(tenant: object | undefined, role: string | undefined): string | undefined {
  if (!tenant) return undefined;
  const letter = role?.trim().charAt(0).toUpperCase();
  return letter ? letter : '•';
}
