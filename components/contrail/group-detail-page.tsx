'use client';

import { ConsoleLink } from '../console-link';
import type { GroupDetailView } from '@/server/api/contrail/group-view';
import { useTRPC } from '../trpc/trpc';
import { ObjectDetailFrame } from '../ui/object-detail-frame';
import { objectHref } from '../ui/object-href';
import { Fields, Panel } from '../ui/panel';
import { PlainTable } from '../ui/plain-table';
import { useObjectDetail } from '../ui/use-object-detail';
import { SelectorText } from './contrail-cells';
import { profileText } from './contrail-text';

/** A bar of how many agents are ready (and on the current template) of those the DaemonSet wants. */
function Progress({
  label,
  value,
  of,
  testId,
}: {
  label: string;
  value: number;
  of: number;
  testId: string;
}) {
  const percent = of > 0 ? Math.round((value / of) * 100) : 0;
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-xs text-slate-300">
        <span>{label}</span>
        <span className="tabular-nums" data-testid={testId}>
          {value}/{of}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={of}
        aria-valuenow={value}
        className="h-2 overflow-hidden rounded bg-slate-800"
      >
        <div className="h-full bg-emerald-500" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function GroupBody({ group }: { group: GroupDetailView }) {
  const { row } = group;
  return (
    <>
      <Panel title="Agents" testId="group-progress">
        <div className="grid gap-4 sm:grid-cols-2">
          <Progress
            label="Agents ready"
            value={row.agents.ready}
            of={row.agents.desired}
            testId="agents-ready"
          />
          <Progress
            label={`On the current template (${row.upgradeStrategy === 'deleteFirst' ? 'delete first' : 'rolling'})`}
            value={row.agents.updated}
            of={row.agents.desired}
            testId="agents-updated"
          />
        </div>
        <p className="mt-2 text-xs text-slate-400">
          The selector matches {row.nodes.matched} node{row.nodes.matched === 1 ? '' : 's'}
          {row.conflicts.length > 0 &&
            `; ${row.conflicts.length} also selected by another group run no agent`}
          {row.excluded.length > 0 && `; ${row.excluded.length} left out`}.
        </p>
      </Panel>
      <Panel title="Group">
        <Fields
          items={[
            [
              'Manager',
              row.manager && (
                <ConsoleLink
                  key="manager"
                  href={objectHref('/contrail/managers', { namespace: row.namespace, name: row.manager })}
                  className="text-sky-300 hover:underline"
                >
                  {row.manager}
                </ConsoleLink>
              ),
            ],
            ['Node selector', <SelectorText key="selector" selector={row.selector} />],
            ['Tolerations', group.tolerations.join('; ') || undefined],
            ['vRouter gateway', group.gateway && <code key="gateway">{group.gateway}</code>],
            ['Upgrade strategy', row.upgradeStrategy],
          ]}
        />
      </Panel>
      <Panel title="Profiles">
        <PlainTable
          testId="group-profiles"
          headers={['Profile', 'Settings']}
          empty="No profile: the agent runs kernel mode with defaults."
          rows={group.profiles.map((profile) => ({
            key: profile.name,
            cells: [<code key="name">{profile.name}</code>, profileText(profile)],
          }))}
        />
      </Panel>
      <Panel title="Nodes" testId="group-nodes">
        <PlainTable
          testId="group-node-table"
          headers={['Node', 'Node ready', 'SR-IOV VFs', 'Agent', 'Why not here']}
          empty="The selector matches no node."
          rows={group.nodes.map((node) => ({
            key: node.name,
            cells: [
              <code key="name">{node.name}</code>,
              node.nodeReady ? 'yes' : 'no',
              node.vfCapacity ?? '—',
              node.pod ? `${node.pod} ${node.agentReady ? '(ready)' : '(not ready)'}` : '—',
              <span key="why" className={node.conflictWith.length > 0 ? 'text-rose-300' : undefined}>
                {node.conflictWith.length > 0
                  ? `also selected by ${node.conflictWith.join(', ')}`
                  : (node.excluded ?? '')}
              </span>,
            ],
          }))}
        />
      </Panel>
      <Panel title="Pods">
        <PlainTable
          testId="group-pods"
          headers={['Pod', 'Node', 'IP', 'Ready', 'Restarts']}
          empty="No agent pods yet."
          rows={group.pods.map((pod) => ({
            key: pod.name,
            cells: [
              <code key="name">{pod.name}</code>,
              pod.node ?? '—',
              pod.ip ?? '—',
              pod.ready ? 'yes' : pod.phase,
              pod.restarts,
            ],
          }))}
        />
        <p className="mt-2 text-xs text-slate-400">
          Agent configuration keys: {group.configKeys.join(', ') || 'none yet'}
        </p>
      </Panel>
    </>
  );
}

/** A group its Manager has not created yet, and what the Manager waits for. */
function HeldBack({ manager, reason }: { manager: string; reason: string }) {
  return (
    <span data-testid="group-held-back">
      Manager {manager} creates this group once its peers are active: {reason}. This page shows the group as
      soon as it exists.
    </span>
  );
}

export function GroupDetailPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const detail = useObjectDetail(
    trpc.contrail.groups,
    { namespace, name },
    {
      pick: (message) => (message.found ? message.group : undefined),
      version: (group) => group.row.resourceVersion,
    },
  );
  const held = detail.message?.found === false ? detail.message.heldBack : undefined;
  return (
    <ObjectDetailFrame
      path="/contrail/groups"
      listLabel="vRouter groups"
      kind="vRouter group"
      titleTestId="group-title"
      detail={detail}
      loading="Loading vRouter group…"
      edit={{ href: `${objectHref('/contrail/groups', { namespace, name })}/edit`, testId: 'edit-group' }}
      deletion={{
        testId: 'delete-group',
        title: `Delete vRouter group ${name}?`,
        text: 'The group leaves its Manager; its DaemonSet and agents are removed from every node it ran on.',
      }}
      banner={{
        deletingText: 'Being deleted: its agents are stopping.',
        outdatedText: 'The vRouter controller has not caught up with the latest spec yet.',
      }}
      absent={held && <HeldBack {...held} />}
    >
      {(group) => <GroupBody group={group} />}
    </ObjectDetailFrame>
  );
}
