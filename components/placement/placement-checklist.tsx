import type { ChecklistItem } from '@/server/api/placement/placement-detail';
import { ageText } from '../ui/format';

const MARK: Record<ChecklistItem['status'], { symbol: string; tone: string; word: string }> = {
  True: { symbol: '✓', tone: 'text-emerald-300', word: 'done' },
  False: { symbol: '✗', tone: 'text-amber-300', word: 'not done' },
  Unknown: { symbol: '…', tone: 'text-slate-400', word: 'not reached' },
};

/** The sub-conditions in the order the controller works through them, each with why and since when. */
export function PlacementChecklist({ items, now }: { items: ChecklistItem[]; now: number }) {
  return (
    <ol className="divide-y divide-slate-800" data-testid="placement-checklist">
      {items.map((item) => {
        const mark = MARK[item.status];
        const error = item.status === 'False' && item.severity !== 'Info';
        return (
          <li
            key={item.type}
            className="grid grid-cols-[1.5rem_14rem_1fr_5rem] items-baseline gap-2 py-1.5 text-sm"
            data-testid={`check-${item.type}`}
            data-status={item.status}
          >
            <span className={error ? 'text-red-300' : mark.tone} aria-label={mark.word}>
              {mark.symbol}
            </span>
            <span className="font-medium text-slate-200">{item.type}</span>
            <span className="min-w-0 text-slate-300">
              {item.reason && <span className="mr-2 font-mono text-xs text-slate-400">{item.reason}</span>}
              <span className={error ? 'text-red-200' : undefined}>{item.message}</span>
            </span>
            <span className="text-right text-xs tabular-nums text-slate-400" title={item.lastTransitionTime}>
              {item.lastTransitionTime ? ageText(item.lastTransitionTime, now) : ''}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
