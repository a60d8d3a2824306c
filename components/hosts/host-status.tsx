import type { HostStatusView } from '@/server/api/hosts/host-row';
import type { ClaimValue, NotFree } from '@/server/schemas/host-free';
import { ToneGlyph, toneStyles } from '../ui/tone';

/**
 * One composite status: the state (or the error type when there is one), the operational status
 * and, for an error, the state it happened in; power and retries on the second line.
 */
export function HostStatusCell({ status, deleting }: { status: HostStatusView; deleting?: boolean }) {
  const error = status.group === 'error';
  const details = [
    status.operational ? status.operational : undefined,
    error && status.state ? `in ${status.state}` : undefined,
  ].filter(Boolean);
  const second = [
    status.powerLabel,
    status.errorCount > 0
      ? `${status.errorCount} ${status.errorCount === 1 ? 'retry' : 'retries'}`
      : undefined,
    status.requests.reboot ? 'restart pending' : undefined,
    status.requests.inspect ? 'inspection pending' : undefined,
    status.requests.detach && status.operational !== 'detached' ? 'detach pending' : undefined,
    !status.requests.detach && status.operational === 'detached' ? 'attach pending' : undefined,
    deleting ? 'deletion requested' : undefined,
  ].filter(Boolean);
  return (
    <div
      className="min-w-0 leading-tight"
      data-testid="host-status"
      data-group={status.group}
      title={status.errorMessage ?? undefined}
    >
      <div className="flex min-w-0 items-baseline gap-1.5">
        <ToneGlyph tone={status.tone} />
        <span className={`truncate font-medium ${toneStyles[status.tone].text}`}>{status.label}</span>
        {details.length > 0 && (
          <span className="truncate text-xs text-slate-400">· {details.join(' · ')}</span>
        )}
      </div>
      <div className="truncate pl-[18px] text-xs text-slate-400">{second.join(' · ')}</div>
    </div>
  );
}

export const CLAIM_LABELS: Record<ClaimValue, string> = {
  free: 'Free',
  claimed: 'Claimed',
  unavailable: 'Not available',
};

/** `free`, or why not (whyNotFree); the whole reason is also the tooltip, for a list cell that cuts it. */
export function FreeCell({
  notFree,
  truncate = false,
}: {
  notFree: NotFree | undefined;
  truncate?: boolean;
}) {
  if (!notFree) {
    return (
      <span className="text-xs text-emerald-300/80" data-testid="host-free" data-free="true">
        free
      </span>
    );
  }
  const text = `not free: ${notFree.reason}`;
  return (
    <span
      className={`text-xs text-slate-400 ${truncate ? 'block truncate' : ''}`}
      data-testid="host-free"
      data-free="false"
      data-kind={notFree.kind}
      title={text}
    >
      {text}
    </span>
  );
}
