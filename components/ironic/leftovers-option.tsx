import type { IronicLeftovers, Leftover } from '@/server/api/ironic/ironic-leftovers';

function LeftoverLine({ kind, leftover, removed }: { kind: string; leftover: Leftover; removed: boolean }) {
  const kept = leftover.usedBy.length > 0;
  return (
    <li data-testid="leftover" data-kind={kind} data-removed={removed && !kept}>
      {kind} <span className="font-mono">{leftover.name}</span>:{' '}
      {kept
        ? `kept, used by ${leftover.usedBy.join(', ')}`
        : removed
          ? 'removed'
          : kind === 'IronicDatabase'
            ? 'stays (its MariaDB keeps running)'
            : 'stays'}
    </li>
  );
}

/**
 * On an Ironic's delete: its IronicDatabase and TLS Secret, which the Ironic does not own, and the
 * choice to remove them too (each only when nothing else uses it).
 */
export function LeftoversOption({
  leftovers,
  checked,
  onChange,
}: {
  leftovers: IronicLeftovers;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { database, tlsSecret } = leftovers;
  if (!database && !tlsSecret) return null;
  const removable = [database, tlsSecret].some((leftover) => leftover && leftover.usedBy.length === 0);
  return (
    <div className="space-y-1.5" data-testid="leftovers">
      {removable && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            data-testid="also-remove"
            checked={checked}
            onChange={(event) => {
              onChange(event.target.checked);
            }}
          />
          Also remove its IronicDatabase and TLS Secret where nothing else uses them
        </label>
      )}
      <ul className="list-disc pl-5 text-sm text-slate-300">
        {database && <LeftoverLine kind="IronicDatabase" leftover={database} removed={checked} />}
        {tlsSecret && <LeftoverLine kind="TLS Secret" leftover={tlsSecret} removed={checked} />}
      </ul>
    </div>
  );
}
