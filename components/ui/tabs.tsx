'use client';

export interface TabSpec<T extends string> {
  id: T;
  label: string;
  count?: number;
}

const STEPS: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_at, count) => count - 1,
};

/**
 * A tab list as the ARIA pattern has it: one Tab stop (the selected tab), arrow keys, Home and End move
 * between tabs and select the one they reach.
 */
export function Tabs<T extends string>({
  tabs,
  active,
  onSelect,
}: {
  tabs: TabSpec<T>[];
  active: T;
  onSelect: (id: T) => void;
}) {
  return (
    <div
      role="tablist"
      className="flex gap-1 border-b border-slate-800"
      onKeyDown={(event) => {
        const step = STEPS[event.key];
        if (!step) return;
        event.preventDefault();
        const next =
          tabs[
            step(
              tabs.findIndex((tab) => tab.id === active),
              tabs.length,
            )
          ];
        if (!next) return;
        onSelect(next.id);
        event.currentTarget.querySelector<HTMLElement>(`[data-testid="tab-${next.id}"]`)?.focus();
      }}
    >
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === active}
          tabIndex={tab.id === active ? 0 : -1}
          data-testid={`tab-${tab.id}`}
          onClick={() => {
            onSelect(tab.id);
          }}
          className={`-mb-px border-b-2 px-3 py-1.5 text-sm ${
            tab.id === active
              ? 'border-sky-400 text-white'
              : 'border-transparent text-slate-400 hover:text-slate-200'
          }`}
        >
          {tab.label}
          {tab.count !== undefined && (
            <span className="ml-1.5 text-xs tabular-nums text-slate-400">{tab.count}</span>
          )}
        </button>
      ))}
    </div>
  );
}
