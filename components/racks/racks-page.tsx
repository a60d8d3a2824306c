'use client';

import { useSubscription } from '@trpc/tanstack-react-query';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react';
import type { HostFilterInput } from '@/server/api/hosts/host-query';
import type { RacksMessage } from '@/server/api/racks/rack-delta';
import type { HostStateGroup } from '@/server/schemas/host-list';
import type { ClaimValue } from '@/server/schemas/host-free';
import { canAct, useViewer } from '../access/use-viewer';
import { BulkSelectBar } from '../bulk/bulk-select-bar';
import { ConsoleLink } from '../console-link';
import { HOST_LIST_SPEC } from '../hosts/host-list-spec';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';
import { LiveFrame, UpdatedWithActions } from '../ui/live-status';
import { ErrorBox } from '../ui/panel';
import { SearchInput } from '../ui/search-input';
import { tableParamsToSearch } from '../ui/url-state';
import { useTableParams } from '../ui/use-table-params';
import { RackElevation } from './rack-elevation';
import { RACK_MENU_TEST_ID, RackHostBar } from './rack-host-bar';
import { RackHostCard, type CardAnchor } from './rack-host-card';
import { BOX_STYLES, boxGlyph, type BoxLook } from './rack-look';
import { MOVE_KEYS, moveFrom, readingOrder } from './rack-navigation';
import { RackStore, type BoxPlace, type RacksFrame } from './rack-store';
import { useBoxEvents, type Inspect } from './use-box-events';
import { RackStoreContext } from './use-rack-box';

const LEGEND: { look: BoxLook; label: string }[] = [
  { look: 'ok', label: 'Available / provisioned' },
  { look: 'progress', label: 'In progress' },
  { look: 'warning', label: 'Detached / delayed' },
  { look: 'error', label: 'Error' },
  { look: 'off', label: 'Powered off' },
  { look: 'neutral', label: 'Other' },
];

function Legend() {
  return (
    <ul className="flex flex-wrap gap-3 text-xs text-slate-300" aria-label="Colours">
      {LEGEND.map(({ look, label }) => (
        <li key={look} className="flex items-center gap-1">
          <span
            aria-hidden
            className={`inline-flex h-3.5 w-5 items-center justify-center rounded-sm border text-[9px] ${BOX_STYLES[look]}`}
          >
            {boxGlyph(look)}
          </span>
          {label}
        </li>
      ))}
    </ul>
  );
}

/** Each host's place with the rack it sits in, for the card, the bar and the keyboard. */
function hostIndex(view: RacksFrame | undefined): Map<string, { place: BoxPlace; rack: string }> {
  const index = new Map<string, { place: BoxPlace; rack: string }>();
  for (const rack of view?.racks ?? []) {
    for (const place of [...rack.placed, ...rack.tray]) index.set(place.key, { place, rack: rack.name });
  }
  return index;
}

/**
 * The fleet by rack: every rack an elevation, each host a box at its units coloured by its state,
 * racks with problems first. The hosts list's search and facets (from the URL, so a link carries
 * them) highlight what they select and dim the rest.
 */
export function RacksPage() {
  const trpc = useTRPC();
  const { params, update } = useTableParams(HOST_LIST_SPEC);
  const input: HostFilterInput = {
    search: params.search,
    state: (params.facets.state ?? []) as HostStateGroup[],
    rack: params.facets.rack ?? [],
    flavor: params.facets.flavor ?? [],
    claim: (params.facets.claim ?? []) as ClaimValue[],
  };
  const filtering = input.search !== '' || Object.values(params.facets).some((values) => values.length > 0);
  const operator = canAct(useViewer(), 'operator');
  // The messages go into a store outside React: the page re-renders when the racks' frames change,
  // each box when its own host does. `broken` once a delta could not be taken in: the subscription
  // starts again, and its first message, full, mends it.
  const [store] = useState(() => new RackStore());
  const view = useSyncExternalStore(store.subscribeView, store.getView, () => undefined);
  const [broken, setBroken] = useState(false);
  const [receivedAt, setReceivedAt] = useState<number>();
  const onData = useCallback(
    (message: RacksMessage) => {
      if (message.view) setBroken(!store.apply(message.view));
      setReceivedAt(Date.now());
    },
    [store],
  );
  const subscription = useSubscription(trpc.racks.view.subscriptionOptions(input, { onData }));
  const { reset } = subscription;
  useEffect(() => {
    if (broken) reset();
  }, [broken, reset]);

  const index = useMemo(() => hostIndex(view), [view]);
  const [chosen, setChosen] = useState<string>();
  // Every message re-renders the page (its age): the racks are read in order only when they change.
  const firstKey = useMemo(() => view?.racks.map((rack) => readingOrder(rack)[0]).find(Boolean)?.key, [view]);
  const activeKey = chosen !== undefined && index.has(chosen) ? chosen : firstKey;
  const activeRack = activeKey === undefined ? undefined : index.get(activeKey)?.rack;

  const [inspected, setInspected] = useState<{ key: string; rect: CardAnchor['rect'] }>();
  const onInspect: Inspect = useCallback((key, box) => {
    if (key === undefined || !box) {
      setInspected(undefined);
      return;
    }
    const { left, top, bottom } = box.getBoundingClientRect();
    setInspected({ key, rect: { left, top, bottom } });
  }, []);
  const inspectedHost = inspected ? index.get(inspected.key) : undefined;
  const boxEvents = useBoxEvents(onInspect, setChosen);

  // The host the keyboard moved to: its rack may be off screen and not drawn until it holds the active
  // box, so the box is focused once drawn.
  const focusNext = useRef<string>(undefined);
  useEffect(() => {
    if (activeKey === undefined || focusNext.current !== activeKey) return;
    focusNext.current = undefined;
    document.querySelector<HTMLElement>(`[data-host="${CSS.escape(activeKey)}"]`)?.focus();
  }, [activeKey]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (event.target as HTMLElement).dataset.host;
    if (from && (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey))) {
      // The bar already shows this host: focusing a box chose it.
      event.preventDefault();
      document.querySelector<HTMLElement>(`[data-testid="${RACK_MENU_TEST_ID}"]`)?.click();
      return;
    }
    const move = MOVE_KEYS[event.key];
    if (!move || !from || !view) return;
    event.preventDefault();
    const next = moveFrom(view.racks, from, move);
    if (next === undefined) return;
    focusNext.current = next;
    setChosen(next);
  };

  return (
    <RackStoreContext value={store}>
      <section className="space-y-3">
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <h1 className="text-2xl font-semibold">Racks</h1>
          <span className="text-sm tabular-nums text-slate-400" data-testid="racks-count">
            {view
              ? `${view.racks.filter((rack) => rack.name !== '').length} racks · ${view.hosts} hosts${filtering ? ` · ${view.matched} match` : ''}`
              : ''}
          </span>
          <UpdatedWithActions at={receivedAt} />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <SearchInput
            label="Search hosts"
            value={params.search}
            placeholder="Highlight by name, MAC, IP or BMC address"
            onChange={(search) => {
              update({ search }, 'replace');
            }}
          />
          {filtering && (
            <button
              type="button"
              className="rounded border border-slate-600 px-2 py-1 text-sm hover:bg-slate-800"
              onClick={() => {
                update({ search: '', facets: {} });
              }}
            >
              Clear highlight
            </button>
          )}
          <ConsoleLink
            href={`/hosts${tableParamsToSearch({ ...params, page: 1 }, HOST_LIST_SPEC)}`}
            className="text-sm text-sky-300 hover:underline"
          >
            Same hosts as a list
          </ConsoleLink>
        </div>
        {operator && (
          // The highlight is the selection: a job acts on every host it matches, as from the hosts list.
          <BulkSelectBar filter={input} total={(filtering ? view?.matched : view?.hosts) ?? 0} />
        )}
        <Legend />
        <RackHostBar place={activeKey ? index.get(activeKey)?.place : undefined} rack={activeRack ?? ''} />
        <LiveFrame>
          {subscription.status === 'error' && (
            <ErrorBox testId="racks-error">{errorText(subscription.error)}</ErrorBox>
          )}
          {view ? (
            view.racks.length === 0 ? (
              <p className="py-10 text-center text-sm text-slate-400">
                No BareMetalHosts in the cluster yet.
              </p>
            ) : (
              <div
                className="flex flex-wrap items-start gap-4"
                data-testid="racks"
                onKeyDown={onKeyDown}
                {...boxEvents}
                aria-describedby="racks-keys"
              >
                <p id="racks-keys" className="sr-only">
                  Arrow keys move between hosts and racks, Enter opens a host, Shift+F10 opens its actions.
                </p>
                {view.racks.map((rack) => (
                  <RackElevation
                    key={rack.name}
                    rack={rack}
                    units={view.units}
                    activeKey={activeRack === rack.name ? activeKey : undefined}
                    filtering={filtering}
                  />
                ))}
              </div>
            )
          ) : (
            subscription.status !== 'error' && (
              <p className="py-10 text-center text-sm text-slate-400">Loading racks…</p>
            )
          )}
        </LiveFrame>
        {inspected && inspectedHost && (
          <RackHostCard
            anchor={{ place: inspectedHost.place, rack: inspectedHost.rack, rect: inspected.rect }}
          />
        )}
      </section>
    </RackStoreContext>
  );
}
