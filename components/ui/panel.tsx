import type { ReactNode } from 'react';

export function Panel({
  title,
  actions,
  children,
  testId,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="rounded-lg border border-slate-800 bg-slate-900/70" data-testid={testId}>
      <header className="flex items-center justify-between gap-3 border-b border-slate-800 px-4 py-2">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-400">{title}</h2>
        {actions}
      </header>
      <div className="p-4">{children}</div>
    </section>
  );
}

/** Two-column definition list: dense label/value pairs. */
export function Fields({ items }: { items: [ReactNode, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,max-content)_1fr] gap-x-4 gap-y-1.5 text-sm">
      {items.map(([label, value], index) => (
        <div key={index} className="contents">
          <dt className="text-slate-400">{label}</dt>
          <dd className="min-w-0 break-words text-slate-100">
            {value ?? <span className="text-slate-400">—</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-slate-400">{children}</p>;
}

export function ErrorBox({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      role="alert"
      data-testid={testId}
      className="rounded border border-red-800/80 bg-red-950/60 px-3 py-2 text-sm text-red-200"
    >
      {children}
    </div>
  );
}
