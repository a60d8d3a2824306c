import type { ReadyView } from '@/server/api/ready-view';
import { timeText } from './format';
import { ToneGlyph, toneStyles, type Tone } from './tone';

/** How an object's Ready condition reads in lists and detail pages, whatever its kind. */

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
