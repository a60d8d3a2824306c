import { seenAge, type SeenAge } from '@/server/schemas/hardware-list';
import { ageText, timeText } from '../ui/format';

const styles: Record<SeenAge, { className: string; meaning: string }> = {
  fresh: { className: 'text-emerald-300', meaning: 'seen in the last 2 minutes' },
  recent: {
    className: 'text-amber-300',
    meaning: 'not seen for over 2 minutes (rebooting slowly, probably a BMC)',
  },
  stale: { className: 'text-red-300', meaning: 'not seen for over 30 minutes (not coming back)' },
};

/** A check-in time as an age, coloured as plunder's CLI colours it; the exact time on hover. */
export function SeenCell({ at, now, colour }: { at: string; now: number; colour?: boolean }) {
  const age = seenAge(at, now);
  const style = colour ? styles[age] : undefined;
  return (
    <span
      className={`tabular-nums ${style?.className ?? 'text-slate-300'}`}
      title={`${timeText(at)}${style ? ` · ${style.meaning}` : ''}`}
      data-testid={colour ? 'last-seen' : undefined}
      data-age={colour ? age : undefined}
    >
      {ageText(at, now)} ago
    </span>
  );
}
