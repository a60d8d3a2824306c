import type { ReactNode } from 'react';

export type Tone = 'ok' | 'progress' | 'warning' | 'error' | 'neutral';

/** Colour plus a glyph, so state never rests on colour alone. */
export const toneStyles: Record<Tone, { text: string; chip: string; glyph: string; word: string }> = {
  ok: {
    text: 'text-emerald-300',
    chip: 'bg-emerald-500/10 text-emerald-300 ring-emerald-500/30',
    glyph: '●',
    word: 'ok',
  },
  progress: {
    text: 'text-sky-300',
    chip: 'bg-sky-500/10 text-sky-300 ring-sky-500/30',
    glyph: '◐',
    word: 'in progress',
  },
  warning: {
    text: 'text-amber-300',
    chip: 'bg-amber-500/10 text-amber-300 ring-amber-500/30',
    glyph: '▲',
    word: 'attention',
  },
  error: {
    text: 'text-red-300',
    chip: 'bg-red-500/15 text-red-300 ring-red-500/40',
    glyph: '✖',
    word: 'error',
  },
  neutral: {
    text: 'text-slate-300',
    chip: 'bg-slate-500/10 text-slate-300 ring-slate-500/30',
    glyph: '○',
    word: 'idle',
  },
};

export function ToneGlyph({ tone }: { tone: Tone }) {
  return (
    <span aria-hidden className={`inline-block w-3 text-center ${toneStyles[tone].text}`}>
      {toneStyles[tone].glyph}
    </span>
  );
}

export function Chip({ tone, children, title }: { tone: Tone; children: ReactNode; title?: string }) {
  return (
    <span
      title={title}
      className={`inline-flex items-center gap-1 rounded px-1.5 py-px text-[11px] font-medium leading-4 ring-1 ring-inset ${toneStyles[tone].chip}`}
    >
      {children}
    </span>
  );
}
