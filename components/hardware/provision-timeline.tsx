import type { HardwareTimeline } from '@/server/schemas/boot-progress';
import { bytesText, timeText } from '../ui/format';
import { Empty } from '../ui/panel';
import { ToneGlyph, type Tone } from '../ui/tone';
import { timelineLines, type TimelineLine } from './timeline-lines';

function toneOf(line: TimelineLine): Tone {
  if (line.step === 'failed') return 'error';
  if (line.step === 'done') return 'ok';
  return line.step === null ? 'neutral' : 'progress';
}

/**
 * A MAC's provisioning steps, oldest first, live: each with its time and what it reported (a download
 * with its bytes and rate), a failure with its step and reason. Earlier attempts stay, dimmed (grey, not faded: faded text fails contrast).
 */
export function ProvisionTimeline({ timeline }: { timeline: HardwareTimeline }) {
  const lines = timelineLines(timeline);
  if (lines.length === 0) return <Empty>Nothing recorded for this MAC yet.</Empty>;
  return (
    <ol className="space-y-1.5 text-sm" data-testid="provision-timeline">
      {lines.map((line) => (
        <li
          key={line.key}
          data-testid="timeline-step"
          data-step={line.step ?? 'state'}
          data-current={line.current}
          className={`grid grid-cols-[13rem_1rem_1fr] gap-x-2 ${line.current ? '' : 'grayscale'}`}
        >
          <span className="font-mono text-xs text-slate-400 tabular-nums">{timeText(line.at)}</span>
          <ToneGlyph tone={toneOf(line)} />
          <span className="min-w-0">
            <span className={line.current ? 'font-medium text-slate-100' : 'text-slate-300'}>
              {line.label}
            </span>
            {line.text && <span className="text-slate-300"> · {line.text}</span>}
            {line.rate !== null && (
              <span className="text-slate-300 tabular-nums" data-testid="download-rate">
                {' '}
                · {bytesText(Math.round(line.rate))}/s
              </span>
            )}
            {line.reason && (
              <span className="block break-words text-red-300" data-testid="timeline-reason">
                {line.reason}
              </span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
