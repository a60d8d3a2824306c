import type { CSSProperties, ReactNode } from 'react';
import { freshnessText, type Freshness } from './wall-freshness';

export type TileTone = 'ok' | 'warn' | 'bad' | 'neutral';

/** One tile of the wall: what the board lays out, pages and rotates. */
export interface WallTileSpec {
  testId: string;
  label: string;
  tone: TileTone;
  body: ReactNode;
}

const TONES: Record<TileTone, string> = {
  ok: 'border-emerald-500 text-emerald-300',
  warn: 'border-amber-400 text-amber-300',
  bad: 'border-rose-500 text-rose-300',
  neutral: 'border-slate-600 text-slate-100',
};

// Sizes in units of the tile (cqh, cqw), so text grows with the tile whatever the screen and the number of
// tiles on it; the rem floors keep a crowded 1080p wall legible.
const LABEL_TEXT = 'text-[max(0.8rem,min(7cqh,3.6cqw))]';
const FOOTER_TEXT = 'text-[max(0.75rem,min(5.5cqh,3cqw))]';
/** The tile itself is the size container its text is measured against. */
const SIZE_CONTAINER: CSSProperties = { containerType: 'size' };

/**
 * A tile's frame: its label, its body and how old its data is. Stale data stays readable but greyed,
 * with a dashed border and the time since the last data in place of the age.
 */
export function WallTile({ spec, freshness }: { spec: WallTileSpec; freshness: Freshness }) {
  const stale = freshness.kind === 'stale';
  return (
    <section
      className={`flex min-h-0 min-w-0 flex-col overflow-hidden rounded-xl border-4 bg-black px-[1.2%] py-[1%] ${
        stale ? 'border-dashed border-slate-500 text-slate-300' : TONES[spec.tone]
      }`}
      style={SIZE_CONTAINER}
      data-testid={spec.testId}
      data-stale={stale}
    >
      <h2 className={`shrink-0 truncate font-semibold uppercase tracking-wide text-slate-300 ${LABEL_TEXT}`}>
        {spec.label}
      </h2>
      <div className={`flex min-h-0 flex-1 flex-col ${stale ? 'opacity-50 grayscale' : ''}`}>{spec.body}</div>
      <p
        className={`shrink-0 truncate tabular-nums ${FOOTER_TEXT} ${stale ? 'font-semibold text-amber-300' : 'text-slate-400'}`}
        data-testid={`${spec.testId}-age`}
      >
        {freshnessText(freshness)}
      </p>
    </section>
  );
}

/** A big number and a line or two saying what is behind it. */
export function StatBody({ value, detail, testId }: { value: string; detail?: string; testId: string }) {
  return (
    <>
      <p
        className="truncate text-[min(30cqh,14cqw)] font-bold leading-tight tabular-nums"
        data-testid={`${testId}-value`}
      >
        {value}
      </p>
      {detail && <p className="line-clamp-3 text-[max(0.75rem,min(6cqh,3.2cqw))] text-slate-200">{detail}</p>}
    </>
  );
}
