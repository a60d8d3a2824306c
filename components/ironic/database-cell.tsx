import type { IronicRow } from '@/server/api/ironic/ironic-row';
import { Chip } from '../ui/tone';

/** The Ironic's database: SQLite (warned: state lost on restart) or its IronicDatabase and whether it is ready. */
export function DatabaseCell({ database }: { database: IronicRow['database'] }) {
  if (!database) {
    return (
      <span title="State is lost when the pod restarts">
        <Chip tone="warning">SQLite</Chip>
      </span>
    );
  }
  return (
    <span className="flex items-center gap-1.5" title={database.ready.message}>
      <span className="truncate font-mono text-xs">{database.name}</span>
      <Chip tone={database.ready.status === 'True' ? 'ok' : 'progress'}>
        {database.ready.status === 'True' ? 'ready' : 'not ready'}
      </Chip>
    </span>
  );
}
