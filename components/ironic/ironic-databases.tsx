'use client';

import { useMutation } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { DatabaseRow } from '@/server/api/ironic/database-row';
import { RequireRole } from '../access/require-role';
import { ConsoleLink } from '../console-link';
import { useTRPC } from '../trpc/trpc';
import { DeleteObjectButton } from '../ui/delete-object-button';
import { errorText } from '../ui/errors';
import { ageText } from '../ui/format';
import { objectHref } from '../ui/object-href';
import { Empty, ErrorBox, Panel } from '../ui/panel';
import { ReadyCell } from '../ui/ready-status';
import { useNow } from '../ui/use-now';
import { useLiveObject } from '../ui/use-stable-table';

const th = 'px-2 py-1.5 text-left text-[11px] font-semibold uppercase tracking-wide text-slate-400';
const td = 'px-2 py-1.5 align-top';

/** "Ironic metal/lab" → a link to that Ironic's page. */
function UserLink({ user }: { user: string }) {
  const [namespace = '', name = ''] = user.replace(/^Ironic /, '').split('/');
  return (
    <ConsoleLink href={objectHref('/ironic', { namespace, name })} className="text-sky-300 hover:underline">
      {user}
    </ConsoleLink>
  );
}

function DatabaseRowView({ row, now }: { row: DatabaseRow; now: number }) {
  const trpc = useTRPC();
  const remove = useMutation(trpc.ironic.deleteDatabase.mutationOptions());
  return (
    <tr className="border-b border-slate-800/60" data-testid="ironic-database" data-name={row.name}>
      <td className={`${td} font-medium`}>{row.name}</td>
      <td className={`${td} text-slate-300`}>{row.namespace}</td>
      <td className={td}>
        <ReadyCell ready={row.ready} deleting={row.deleting} />
      </td>
      <td className={`${td} text-xs`} data-testid="database-users">
        {row.usedBy.length > 0 ? (
          <ul>
            {row.usedBy.map((user) => (
              <li key={user}>
                <UserLink user={user} />
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-amber-200">unused{row.externalIP ? '' : ' (its MariaDB still runs)'}</span>
        )}
      </td>
      <td className={`${td} font-mono text-xs text-slate-300`}>{row.externalIP ?? 'in its namespace'}</td>
      <td className={`${td} tabular-nums text-slate-300`}>{ageText(row.createdAt, now)}</td>
      <td className={td}>
        {!row.deleting && (
          <RequireRole role="operator">
            <DeleteObjectButton
              testId="delete-database"
              title={`Delete IronicDatabase ${row.name}?`}
              actionLabel="Delete IronicDatabase"
              name={row.name}
              remove={async () => {
                await remove.mutateAsync({ namespace: row.namespace, name: row.name });
              }}
            >
              <p>
                This deletes the IronicDatabase{' '}
                <span className="font-mono">
                  {row.namespace}/{row.name}
                </span>
                {row.externalIP
                  ? ' (the external MariaDB itself is left alone).'
                  : ', its MariaDB Deployment and Service, and the credentials the controller generated for it. The data in it is lost.'}
              </p>
              {row.usedBy.length > 0 && (
                <p className="text-amber-200">
                  It is used by {row.usedBy.join(', ')}: the delete is refused until that is deleted.
                </p>
              )}
            </DeleteObjectButton>
          </RequireRole>
        )}
      </td>
    </tr>
  );
}

/** Every IronicDatabase with the Ironics that use it: one left behind by a deleted Ironic can be removed here. */
export function IronicDatabases() {
  const trpc = useTRPC();
  const live = useLiveObject<DatabaseRow[]>();
  const subscription = useSubscription(
    trpc.ironic.databases.subscriptionOptions(undefined, { onData: live.receive }),
  );
  const now = useNow(5_000);
  const rows = live.view;
  return (
    <Panel title="IronicDatabases" testId="ironic-databases">
      {subscription.status === 'error' ? (
        <ErrorBox>{errorText(subscription.error)}</ErrorBox>
      ) : rows === undefined ? (
        <Empty>Loading IronicDatabases…</Empty>
      ) : rows.length === 0 ? (
        <Empty>No IronicDatabase.</Empty>
      ) : (
        <table className="w-full text-sm">
          <thead className="border-b border-slate-800">
            <tr>
              <th className={th}>Name</th>
              <th className={th}>Namespace</th>
              <th className={th}>Ready</th>
              <th className={th}>Used by</th>
              <th className={th}>MariaDB</th>
              <th className={th}>Age</th>
              <th className={th}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <DatabaseRowView key={row.key} row={row} now={now} />
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
