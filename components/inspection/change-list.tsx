import type { HardwareChange } from '@/server/lib/hardware-diff';
import { Chip } from '../ui/tone';
import { changeWords } from './change-words';

/** An inspection's changes, those that lost hardware marked. */
export function ChangeList({ changes, testId }: { changes: readonly HardwareChange[]; testId: string }) {
  return (
    <ul className="space-y-1 text-sm" data-testid={testId}>
      {changes.map((change) => (
        <li
          key={`${change.part}/${change.subject}`}
          className="flex flex-wrap items-center gap-2"
          data-testid="inspection-change"
          data-part={change.part}
          data-change={change.change}
        >
          {change.lost ? <Chip tone="error">lost</Chip> : <Chip tone="neutral">{change.change}</Chip>}
          <span className="text-slate-200">{changeWords(change)}</span>
        </li>
      ))}
    </ul>
  );
}
