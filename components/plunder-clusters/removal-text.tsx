import type { ClusterRemoval, HardwareFate } from '@/server/api/plunder-clusters/plunder-cluster-removal';
import { plural } from '../ui/format';

const FATES: Record<HardwareFate, string> = {
  wiped:
    'is wiped: its next boot runs the wipe profile (Rackpilot power-cycles it through the BMC of the BareMetalHost with its boot MAC where there is one; otherwise it waits until the machine restarts), then it returns to Unleased',
  unleased: 'never booted the installer, so it returns to Unleased at once',
  none: 'holds no hardware',
};

/** What deleting a Plunder cluster removes and what becomes of each machine's hardware, before confirming. */
export function RemovalText({ target, removal }: { target: string; removal: ClusterRemoval }) {
  const { machines, capiMachines } = removal;
  return (
    <div className="space-y-2" data-testid="plunder-removal">
      <p>
        This deletes the Plunder cluster <span className="font-mono">{target}</span> (its PlunderCluster),{' '}
        {plural(machines.length, 'PlunderMachine')}
        {capiMachines > 0 ? ` and the ${plural(capiMachines, 'Cluster API Machine')} that own them` : ''}.
        Their addresses go back to the pool.
      </p>
      {machines.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-sm">
          {machines.map((machine) => (
            <li key={machine.name} data-testid="removal-machine" data-fate={machine.fate}>
              <span className="font-mono">{machine.name}</span>
              {machine.mac ? (
                <>
                  {' '}
                  (<span className="font-mono">{machine.mac}</span>)
                </>
              ) : null}{' '}
              {FATES[machine.fate]}.
            </li>
          ))}
        </ul>
      )}
      {machines.some((machine) => machine.fate === 'wiped') && (
        <p className="text-amber-200">Wiping erases the disks: what was installed on them is lost.</p>
      )}
    </div>
  );
}
