'use client';

export interface FacetOption {
  value: string;
  count: number;
  label?: string;
}

export interface FacetGroup {
  name: string;
  title: string;
  options: FacetOption[];
  selected: string[];
  /** A group the server lists in part: how many values it left out, and the switch to list them all. */
  more?: { hidden: number; expanded: boolean; setExpanded: (expanded: boolean) => void };
}

const chip =
  'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs ring-1 ring-inset transition-colors';

/** Facet chips with counts; ticking toggles a value. Counts come from the server. */
export function FacetBar({
  groups,
  onToggle,
  onClear,
}: {
  groups: FacetGroup[];
  onToggle: (facet: string, value: string) => void;
  onClear?: () => void;
}) {
  const anySelected = groups.some((group) => group.selected.length > 0);
  return (
    <div className="space-y-1.5" data-testid="facets">
      {groups.map((group) => (
        <div
          key={group.name}
          className="flex flex-wrap items-center gap-1.5"
          data-testid={`facet-${group.name}`}
        >
          <span className="w-14 shrink-0 text-[11px] font-semibold uppercase tracking-wide text-slate-400">
            {group.title}
          </span>
          {group.options.length === 0 && <span className="text-xs text-slate-400">none</span>}
          {group.options.map((option) => {
            const on = group.selected.includes(option.value);
            return (
              <button
                key={option.value}
                type="button"
                aria-pressed={on}
                data-testid={`facet-${group.name}-${option.value}`}
                data-count={option.count}
                onClick={() => {
                  onToggle(group.name, option.value);
                }}
                className={`${chip} ${
                  on
                    ? 'bg-sky-500/20 text-sky-100 ring-sky-400/60'
                    : option.count === 0
                      ? 'text-slate-400 ring-slate-800 hover:text-slate-400'
                      : 'text-slate-300 ring-slate-700 hover:bg-slate-800 hover:text-white'
                }`}
              >
                {on && <span aria-hidden>✓</span>}
                <span>{option.label ?? option.value}</span>
                <span className="tabular-nums text-slate-400">{option.count}</span>
              </button>
            );
          })}
          {group.more && (group.more.expanded || group.more.hidden > 0) && (
            <button
              type="button"
              data-testid={`facet-${group.name}-more`}
              aria-expanded={group.more.expanded}
              onClick={() => {
                group.more?.setExpanded(!group.more.expanded);
              }}
              className={`${chip} text-sky-300 ring-slate-800 hover:bg-slate-800`}
            >
              {group.more.expanded ? 'fewer' : `${group.more.hidden} more`}
            </button>
          )}
        </div>
      ))}
      {anySelected && onClear && (
        <button type="button" onClick={onClear} className="ml-16 text-xs text-sky-300 hover:underline">
          Clear filters
        </button>
      )}
    </div>
  );
}
