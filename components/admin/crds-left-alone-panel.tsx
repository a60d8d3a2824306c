'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../trpc/trpc';
import { Panel } from '../ui/panel';
import { PlainTable } from '../ui/plain-table';

const WHY = {
  foreign: 'installed by another operator',
  newer: 'serves a version Rackpilot does not know',
} as const;

/** CRDs the server did not install or update at start, so an admin sees whose schema is in force. */
export function CrdsLeftAlonePanel() {
  const trpc = useTRPC();
  const crds = useQuery(trpc.access.crdsLeftAlone.queryOptions());
  return (
    <Panel title="CRDs left as they are" testId="crds-left-alone-panel">
      <PlainTable
        testId="crds-left-alone"
        headers={['CRD', 'Why']}
        empty="Every CRD Rackpilot serves is its own."
        rows={(crds.data ?? []).map((crd) => ({
          key: crd.name,
          cells: [
            crd.name,
            crd.outcome === 'foreign' || crd.outcome === 'newer' ? WHY[crd.outcome] : crd.outcome,
          ],
        }))}
      />
    </Panel>
  );
}
