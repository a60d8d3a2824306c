import type { ClusterRoleView, EndpointsView, ReadyView } from '@/server/api/tenant-clusters/cluster-row';
import { timeText } from '../ui/format';
import { ToneGlyph, toneStyles, type Tone } from '../ui/tone';

export function readyTone(ready: ReadyView, deleting = false): Tone {
  if (deleting) return 'progress';
  if (ready.status === 'True') return ready.outdated ? 'progress' : 'ok';
  if (ready.status === 'Unknown') return 'neutral';
  return ready.reason === 'Progressing' || ready.reason === 'DeploymentInProgress' ? 'progress' : 'error';
}

export function readyWord(ready: ReadyView, deleting = false): string {
  if (deleting) return 'Deleting';
  if (ready.status === 'True') return 'Ready';
  if (ready.status === 'Unknown') return 'Pending';
  return 'Not ready';
}

/** Ready in words and colour, with the reason; the message underneath unless compact. */
export function ReadyCell({
  ready,
  deleting,
  compact,
}: {
  ready: ReadyView;
  deleting?: boolean;
  compact?: boolean;
}) {
  const tone = readyTone(ready, deleting);
  return (
    <div
      className="min-w-0 leading-tight"
      data-testid="ready"
      data-status={ready.status}
      data-reason={ready.reason}
      title={ready.message}
    >
      <div className="flex items-baseline gap-1.5">
        <ToneGlyph tone={tone} />
        <span className={`font-medium ${toneStyles[tone].text}`}>{readyWord(ready, deleting)}</span>
        <span className="truncate font-mono text-xs text-slate-400">{ready.reason}</span>
        {ready.outdated && <span className="text-xs text-amber-300">(older spec)</span>}
      </div>
      {!compact && ready.message && (
        <div className="truncate pl-[18px] text-xs text-slate-400">{ready.message}</div>
      )}
    </div>
  );
}

/** "ControlPlane 1/2" per role: hosts labelled / active + standby wanted, amber when short. */
export function RoleCounts({ roles }: { roles: ClusterRoleView[] }) {
  if (roles.length === 0) return <span className="text-slate-400">no roles</span>;
  return (
    <div className="flex flex-col gap-0.5 text-xs leading-tight">
      {roles.map((role) => {
        const short = role.found < role.wanted;
        const over = role.found > role.wanted;
        return (
          <div key={role.role} className="flex gap-1.5 tabular-nums" data-testid={`role-${role.role}`}>
            <span className="w-20 text-slate-400">{role.role}</span>
            <span className={short ? 'text-amber-300' : over ? 'text-sky-300' : 'text-slate-100'}>
              {role.found}/{role.wanted}
            </span>
            <span className="text-slate-400">
              ({role.active}+{role.standby})
            </span>
          </div>
        );
      })}
    </div>
  );
}

export function Endpoints({ endpoints }: { endpoints: EndpointsView }) {
  const parts = [
    ...endpoints.controlPlane.map((port) => ['API', `:${port}`]),
    ...endpoints.worker.map((range) => ['workers', `${range.start}–${range.end}`]),
    ...endpoints.jumpHost.map((port) => ['ssh', `:${port}`]),
  ];
  if (parts.length === 0) return <span className="text-slate-400">none</span>;
  return (
    <div className="flex flex-col gap-0.5 font-mono text-xs leading-tight tabular-nums">
      {parts.map(([label, value], index) => (
        <div key={index}>
          <span className="inline-block w-14 font-sans text-slate-400">{label}</span>
          {value}
        </div>
      ))}
    </div>
  );
}

/** The detail page's Ready banner: Ready in words, its message (or why it is going away) and since when. */
export function ReadyBanner({
  row,
  deletingText,
  outdatedText,
}: {
  row: { ready: ReadyView; deleting: boolean };
  /** Shown instead of the message once deletion is requested. */
  deletingText: string;
  /** Appended when the condition was written for an older generation of the spec. */
  outdatedText: string;
}) {
  return (
    <div className="rounded-lg border border-slate-800 bg-slate-900 p-4 text-base" data-testid="ready-banner">
      <ReadyCell ready={row.ready} deleting={row.deleting} compact />
      <p
        className="mt-1 whitespace-pre-wrap break-words pl-[18px] text-sm text-slate-300"
        data-testid="ready-message"
      >
        {row.deleting ? deletingText : row.ready.message || 'No message.'}
      </p>
      <p className="mt-1 pl-[18px] text-xs text-slate-400">
        {row.ready.since ? `since ${timeText(row.ready.since)}` : ''}
        {row.ready.outdated ? outdatedText : ''}
      </p>
    </div>
  );
}
