import { HARDWARE_STATE_LABELS, type HardwareRow, type HardwareState } from '@/server/schemas/hardware-list';
import { ToneGlyph, toneStyles, type Tone } from '../ui/tone';
import { stepSummary } from './timeline-lines';

const TONES: Record<HardwareState, Tone> = {
  unleased: 'neutral',
  claimed: 'progress',
  provisioning: 'progress',
  provisioned: 'ok',
  failed: 'error',
  wiping: 'warning',
  wiped: 'warning',
};

/** States in which the latest provisioning step says what is happening (or where it stopped). */
const STEPPING: readonly HardwareState[] = ['provisioning', 'wiping', 'failed'];

/**
 * The MAC's state with a glyph; while it installs or wipes its current step, for a failure its reason
 * on the second line, and for an address conflict the other address (no token is issued until an
 * operator confirms which is the machine's).
 */
export function HardwareStateCell({
  row,
}: {
  row: Pick<HardwareRow, 'state' | 'failureReason' | 'failureMessage' | 'addressConflict' | 'step'>;
}) {
  const tone = TONES[row.state];
  const step = row.step && STEPPING.includes(row.state) && row.step.step !== 'done' ? row.step : null;
  return (
    <div
      className="min-w-0 leading-tight"
      data-testid="hardware-state"
      data-state={row.state}
      title={row.failureMessage ?? undefined}
    >
      <div className="flex items-baseline gap-1.5">
        <ToneGlyph tone={tone} />
        <span className={`font-medium ${toneStyles[tone].text}`}>{HARDWARE_STATE_LABELS[row.state]}</span>
      </div>
      {step && (
        <div
          className="truncate pl-[18px] text-xs text-slate-300"
          data-testid="hardware-step"
          data-step={step.step}
        >
          {stepSummary(step)}
        </div>
      )}
      {row.failureReason && (
        <div className="truncate pl-[18px] text-xs text-red-300/90" data-testid="failure-reason">
          {row.failureReason}
        </div>
      )}
      {row.addressConflict && (
        <div
          className="truncate pl-[18px] text-xs text-amber-300/90"
          data-testid="address-conflict"
          title={`${row.addressConflict.count} request(s) since ${row.addressConflict.firstSeen}`}
        >
          Address conflict: {row.addressConflict.ip}
        </div>
      )}
    </div>
  );
}
