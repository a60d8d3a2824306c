'use client';

import type { RaidConfig } from '@/server/schemas/raid-rules';
import { PlainTable } from '../ui/plain-table';
import { hintText } from './raid-draft';

function size(gibibytes: number | undefined): string {
  return gibibytes === undefined || gibibytes === 0 ? 'whole disks' : `${String(gibibytes)} GiB`;
}

/** A layout as BMO holds it, one row per volume; says which kind and when there is none. */
export function RaidLayoutTable({
  raid,
  testId,
  empty,
}: {
  raid: RaidConfig | undefined;
  testId: string;
  empty: string;
}) {
  const hardware = raid?.hardwareRAIDVolumes ?? [];
  const software = raid?.softwareRAIDVolumes ?? [];
  const rows = [
    ...hardware.map((volume, index) => ({
      key: `h${String(index)}`,
      cells: [
        'hardware',
        volume.level,
        size(volume.sizeGibibytes),
        [
          volume.name && `name ${volume.name}`,
          volume.rotational !== undefined && (volume.rotational ? 'rotational' : 'solid-state'),
          volume.numberOfPhysicalDisks !== undefined && `${String(volume.numberOfPhysicalDisks)} disks`,
          volume.controller && `controller ${volume.controller}`,
          volume.physicalDisks?.length && `disks ${volume.physicalDisks.join(', ')}`,
        ]
          .filter(Boolean)
          .join(' · ') || '—',
      ],
    })),
    ...software.map((volume, index) => ({
      key: `s${String(index)}`,
      cells: [
        'software',
        volume.level,
        size(volume.sizeGibibytes),
        [
          volume.rootVolume && 'root volume',
          ...(volume.physicalDisks ?? []).map((hints) => `[${hintText(hints)}]`),
        ]
          .filter(Boolean)
          .join(' · ') || '—',
      ],
    })),
  ];
  const cleared = raid && rows.length === 0;
  return (
    <PlainTable
      headers={['Kind', 'Level', 'Size', 'Details']}
      rows={rows}
      testId={testId}
      empty={cleared ? 'No volumes: the layout is cleared.' : empty}
    />
  );
}
