// What bench:console installs in the page before any of the console's own scripts run. Kept as
// source text: functions handed to Playwright are serialised, and the ones tsx compiled carry
// helpers the browser does not have.
import { STAMP_PATTERN, type AttributeChange } from './write-stamp';

/** An attribute the probe times, on the elements that carry `key` (naming the object they show). */
export interface WatchedAttribute {
  attribute: string;
  key: string;
}

/** What the probe has recorded; times are performance.now() (ms since navigation start) unless said. */
export interface ProbeRecord {
  /** First frame with `firstSelector` in the document. */
  firstAt?: number;
  longTasks: { start: number; duration: number }[];
  /** Long Animation Frames (over 50 ms): how much of each was script, and which scripts. */
  frames: LongFrame[];
  /** Event Timing entries of interactions (keyboard, pointer), input to next paint. */
  interactions: { name: string; start: number; duration: number }[];
  /** Stamp sequence number → wall-clock ms (Date-comparable) of the first frame showing it. */
  paints: Record<string, number>;
  /**
   * Stamp sequence number → wall-clock ms at which the page's own WebSocket message event carrying it
   * began (before the console's handlers ran): splits frame → paint into the renderer's wait for the
   * message and the console's own work after it.
   */
  messages: Record<string, number>;
  /** document.visibilityState when the probe was installed and at each change: a throttled tab shows here. */
  visibility: { state: string; at: number }[];
  /** The watched attribute's changes (and elements added carrying it), each at its first frame. */
  attributes: AttributeChange[];
  /** When the last key went down (the event's own time stamp). */
  lastKeyAt?: number;
  /** The page's first WebSocket open, its first message sent (a subscription) and first received. */
  socketOpenAt?: number;
  firstSendAt?: number;
  firstMessageAt?: number;
}

export interface LongFrame {
  start: number;
  duration: number;
  /** Style and layout of the frame's own rendering (not forced by a script). */
  styleLayoutMs: number;
  scripts: { invoker: string; duration: number; forcedStyleLayoutMs: number }[];
}

/**
 * Long tasks and interactions from PerformanceObservers; the page's WebSocket traffic from a subclass
 * of WebSocket the page's scripts construct instead; stamps and the first row from a
 * MutationObserver, timed at the first task after the next animation frame (the frame that paints
 * the change has been produced by then); likewise the `watched` attribute, for views whose changes
 * show as an element's state rather than as text.
 */
export function consoleProbeSource(firstSelector: string, watched?: WatchedAttribute): string {
  return `(() => {
  const record = { firstAt: undefined, longTasks: [], frames: [], interactions: [], paints: {}, messages: {}, visibility: [], attributes: [], lastKeyAt: undefined, socketOpenAt: undefined, firstSendAt: undefined, firstMessageAt: undefined };
  window.__consoleBench = record;
  const stamp = new RegExp(${JSON.stringify(STAMP_PATTERN)}, 'g');
  const visibility = () => record.visibility.push({ state: document.visibilityState, at: performance.now() });
  visibility();
  document.addEventListener('visibilitychange', visibility);
  const NativeSocket = WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('open', () => { record.socketOpenAt ??= performance.now(); }, { once: true });
      this.addEventListener('message', () => { record.firstMessageAt ??= performance.now(); }, { once: true });
      this.addEventListener('message', (event) => {
        if (typeof event.data !== 'string') return;
        const at = performance.timeOrigin + performance.now();
        for (const match of event.data.matchAll(stamp)) record.messages[match[1]] ??= at;
      });
    }
    send(data) {
      record.firstSendAt ??= performance.now();
      super.send(data);
    }
  };
  addEventListener('keydown', (event) => { record.lastKeyAt = event.timeStamp; }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const end = entry.startTime + entry.duration;
      record.frames.push({
        start: entry.startTime,
        duration: entry.duration,
        styleLayoutMs: entry.styleAndLayoutStart > 0 ? end - entry.styleAndLayoutStart : 0,
        scripts: entry.scripts.map((script) => ({
          invoker: script.invoker,
          duration: script.duration,
          forcedStyleLayoutMs: script.forcedStyleAndLayoutDuration,
        })),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId) record.interactions.push({ name: entry.name, start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  const pending = new Set();
  const pendingAttributes = [];
  const watched = ${JSON.stringify(watched ?? null)};
  let flushing = false;
  let firstPending = false;
  const afterPaint = (done) => requestAnimationFrame(() => setTimeout(done, 0));
  const scan = (text) => {
    if (!text) return;
    for (const match of text.matchAll(stamp)) if (!(match[1] in record.paints)) pending.add(match[1]);
  };
  const note = (element) => {
    const key = element.getAttribute?.(watched.key);
    const value = element.getAttribute?.(watched.attribute);
    if (key != null && value != null) pendingAttributes.push({ key, value });
  };
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      if (mutation.type === 'characterData') scan(mutation.target.textContent);
      if (mutation.type === 'attributes') note(mutation.target);
      for (const node of mutation.addedNodes) {
        scan(node.textContent);
        if (watched && node.nodeType === 1) note(node);
      }
    }
    if ((pending.size > 0 || pendingAttributes.length > 0) && !flushing) {
      flushing = true;
      afterPaint(() => {
        const at = performance.timeOrigin + performance.now();
        for (const seq of pending) record.paints[seq] ??= at;
        for (const change of pendingAttributes) record.attributes.push({ ...change, at });
        pending.clear();
        pendingAttributes.length = 0;
        flushing = false;
      });
    }
    if (record.firstAt === undefined && !firstPending && document.querySelector(${JSON.stringify(firstSelector)})) {
      firstPending = true;
      afterPaint(() => { record.firstAt = performance.now(); });
    }
  }).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    ...(watched ? { attributes: true, attributeFilter: [watched.attribute] } : {}),
  });
})();`;
}

/**
 * What reads the record: an expression the page evaluates to it once the frame and the task after it
 * have run, where a change the page showed just before is recorded. Read at once, the last change of
 * the live phase could be on the page and still waiting for that task, and was counted lost.
 */
export const PROBE_READ =
  'new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(window.__consoleBench), 0)))';

/** Animation frames `page` runs in one second: about the display's rate when visible, none when hidden. */
export const FRAMES_IN_A_SECOND = `new Promise((resolve) => {
  let frames = 0;
  const end = performance.now() + 1000;
  const next = () => { if (performance.now() >= end) resolve(frames); else { frames++; requestAnimationFrame(next); } };
  requestAnimationFrame(next);
  setTimeout(() => resolve(frames), 1500);
})`;
