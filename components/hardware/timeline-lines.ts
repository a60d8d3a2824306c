import {
  isProvisionStep,
  STEP_LABELS,
  type HardwareTimeline,
  type ProvisionStep,
  type StepDetail,
  type StepView,
  type TimelineEvent,
} from '@/server/schemas/boot-progress';
import { bytesText } from '../ui/format';

/** One line of the timeline as the page shows it; downloads in a row are one line. */
export interface TimelineLine {
  key: string;
  /** ISO timestamp of the line's first event. */
  at: string;
  step: ProvisionStep | null;
  /** "Downloading image", "Failed at Written", "Claimed by ns/name"… */
  label: string;
  /** What the step reported, readable: "/dev/vda, 8.6 GB", "32 MB of 64 MB (50%)"… */
  text: string;
  /** A failure's reason. */
  reason: string | null;
  /** Bytes per second over the download's reports, once two are known. */
  rate: number | null;
  /** Whether it belongs to the current run (earlier attempts are shown dimmed). */
  current: boolean;
}

const count = (value: string | undefined): number | undefined => {
  if (value === undefined || !/^\d{1,18}$/.test(value)) return undefined;
  return Number(value);
};

/** The reported pairs that matter for a step, readable; unknown keys are left out. */
export function detailText(step: ProvisionStep, detail: StepDetail): string {
  const bytes = count(detail.bytes);
  switch (step) {
    case 'download': {
      const total = count(detail.total);
      if (bytes === undefined) return '';
      if (!total) return bytesText(bytes);
      return `${bytesText(bytes)} of ${bytesText(total)} (${Math.min(100, Math.floor((bytes / total) * 100))}%)`;
    }
    case 'disk-chosen':
      return [detail.path, bytes === undefined ? undefined : bytesText(bytes)].filter(Boolean).join(', ');
    case 'written':
      return bytes === undefined ? '' : bytesText(bytes);
    case 'verified':
      return detail.sha256 ? `sha256 ${detail.sha256.slice(0, 12)}…` : '';
    case 'wiping':
    case 'wiped':
      return detail.disk ?? '';
    default:
      // The lab's virtual hosts report steps of an install they only simulate.
      return detail.simulated ? `simulated (${detail.simulated})` : '';
  }
}

function failedLabel(detail: StepDetail): string {
  const at = detail.step;
  return at && isProvisionStep(at) ? `Failed at ${STEP_LABELS[at]}` : 'Failed';
}

/** The list's one-line summary of a MAC's latest step. */
export function stepSummary(view: StepView): string {
  if (view.step === 'failed') return failedLabel(view.detail);
  const text = detailText(view.step, view.detail);
  return text ? `${STEP_LABELS[view.step]} · ${text}` : STEP_LABELS[view.step];
}

function otherLabel(event: TimelineEvent): string {
  if (event.machine) return `Claimed by ${event.machine}`;
  const message = event.message ?? '';
  return message ? `${event.state}: ${message}` : event.state;
}

function lineOf(event: TimelineEvent, currentRun: number): TimelineLine {
  const step = event.step;
  return {
    key: event.id,
    at: event.at,
    step,
    label:
      step === null ? otherLabel(event) : step === 'failed' ? failedLabel(event.detail) : STEP_LABELS[step],
    text: step === null ? '' : detailText(step, event.detail),
    reason: step === 'failed' || step === 'done' ? event.message : null,
    rate: null,
    current: event.run === currentRun,
  };
}

function rateOf(first: TimelineEvent, last: TimelineEvent): number | null {
  const bytes = (count(last.detail.bytes) ?? 0) - (count(first.detail.bytes) ?? 0);
  const seconds = (Date.parse(last.at) - Date.parse(first.at)) / 1000;
  return seconds > 0 && bytes >= 0 ? bytes / seconds : null;
}

/**
 * The timeline's lines, oldest first: the stored events, then the latest report not stored yet; a run
 * of download reports becomes one line with the latest bytes and the rate between the first and last.
 */
export function timelineLines(timeline: HardwareTimeline): TimelineLine[] {
  const events: TimelineEvent[] = [...timeline.events];
  if (timeline.latest) {
    events.push({
      id: 'latest',
      at: timeline.latest.at,
      state: '',
      step: timeline.latest.step,
      detail: timeline.latest.detail,
      message: null,
      machine: null,
      run: timeline.run,
    });
  }
  const lines: TimelineLine[] = [];
  let downloadStart: TimelineEvent | undefined;
  for (const event of events) {
    const previous = lines.at(-1);
    if (event.step === 'download' && downloadStart && previous?.step === 'download') {
      lines[lines.length - 1] = {
        ...previous,
        text: detailText('download', event.detail),
        rate: rateOf(downloadStart, event),
      };
      continue;
    }
    downloadStart = event.step === 'download' ? event : undefined;
    lines.push(lineOf(event, timeline.run));
  }
  return lines;
}
