'use client';

export interface TabSpec<T extends string> {
  id: T;
  label: string;
  count?: number;
}

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
    <div role="tablist" className="flex gap-1 border-b border-slate-800">
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={tab.id === active}
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
