'use client';

import { ConsoleLink } from '../console-link';
import type { DataServiceView, ManagerDetailView } from '@/server/api/contrail/manager-view';
import { useTRPC } from '../trpc/trpc';
import { ObjectDetailFrame } from '../ui/object-detail-frame';
import { objectHref } from '../ui/object-href';
import { Fields, Panel } from '../ui/panel';
import { PlainTable } from '../ui/plain-table';
import { ReadyCell } from '../ui/ready-status';
import { useObjectDetail } from '../ui/use-object-detail';
import { AgentCounts, ConflictText } from './contrail-cells';

function ServicePanel({ service }: { service: DataServiceView }) {
  return (
    <Panel title={`${service.type} ${service.name}`} testId={`service-${service.type}-${service.name}`}>
      <div className="space-y-3">
        <Fields
          items={[
            ['Ready', <ReadyCell key="ready" ready={service.ready} />],
            [
              'Active',
              <span key="active" data-testid="service-active" data-active={service.active}>
                {service.active ? 'yes' : service.created ? 'not yet' : 'not created yet'}
              </span>,
            ],
            [
              'Replicas',
              <span key="replicas" className="tabular-nums" data-testid="service-replicas">
                {service.replicas.ready}/{service.replicas.desired} ready
              </span>,
            ],
            [
              'Ports',
              Object.entries(service.ports)
                .map(([name, port]) => `${name} ${port}`)
                .join(' · ') || undefined,
            ],
            [
              'Secret',
              service.secret && (
                <span key="secret">
                  <code>{service.secret}</code>{' '}
                  <span className="text-xs text-slate-400">(values stay on the server)</span>
                </span>
              ),
            ],
          ]}
        />
        <PlainTable
          testId="service-pods"
          headers={['Pod', 'Node', 'IP', 'Ready', 'Restarts']}
          empty="No pods yet."
          rows={service.pods.map((pod) => ({
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
        <div>
          <h3 className="mb-1 text-xs font-medium text-slate-400">Per-pod configuration (ConfigMap keys)</h3>
          {service.configKeys.length === 0 ? (
            <p className="text-sm text-slate-400">None yet: written once the pods have IPs.</p>
          ) : (
            <ul className="flex flex-wrap gap-1" data-testid="service-config-keys">
              {service.configKeys.map((key) => (
                <li key={key}>
                  <code className="rounded bg-slate-800 px-1 text-xs text-slate-200">{key}</code>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Panel>
  );
}

function ManagerBody({ manager }: { manager: ManagerDetailView }) {
  return (
    <>
      {manager.services.length === 0 ? (
        <Panel title="Services">
          <p className="text-sm text-slate-400">
            This Manager declares no Cassandra, ZooKeeper, RabbitMQ, Config, Control, Kubemanager, Webui or
            ProvisionManager.
          </p>
        </Panel>
      ) : (
        manager.services.map((service) => (
          <ServicePanel key={`${service.type}/${service.name}`} service={service} />
        ))
      )}
      <Panel title="vRouter groups" testId="manager-groups">
        <PlainTable
          testId="manager-group-table"
          headers={['Group', 'Ready', 'Agents', 'Conflicts']}
          empty="No vRouter group."
          rows={manager.groups.map((group) => ({
            key: group.key,
            cells: [
              <ConsoleLink
                key="name"
                href={objectHref('/contrail/groups', group)}
                className="text-sky-300 hover:underline"
              >
                {group.name}
              </ConsoleLink>,
              <ReadyCell key="ready" ready={group.ready} compact />,
              <AgentCounts key="agents" row={group} />,
              <ConflictText key="conflicts" conflicts={group.conflicts} />,
            ],
          }))}
        />
        <p className="mt-2 text-xs text-slate-400">Profiles: {manager.profiles.join(', ') || 'none'}</p>
      </Panel>
      {(manager.waiting.length > 0 || manager.incomplete.length > 0 || manager.notManaged.length > 0) && (
        <Panel title="Held back, incomplete and not managed">
          <Fields
            items={[
              ...manager.waiting.map((w): [string, string] => [
                `${w.service} ${w.name}`,
                `waits: ${w.reason}`,
              ]),
              ...manager.incomplete.map((i): [string, string] => [
                `${i.service} ${i.name}`,
                `active, but not done: ${i.reason}`,
              ]),
              ...manager.notManaged.map((n): [string, string] => [
                `${n.service} ${n.name}`,
                'kept in spec, not managed by Rackpilot',
              ]),
            ]}
          />
        </Panel>
      )}
    </>
  );
}

export function ManagerDetailPage({ namespace, name }: { namespace: string; name: string }) {
  const trpc = useTRPC();
  const detail = useObjectDetail(
    trpc.contrail.managers,
    { namespace, name },
    {
      pick: (message) => (message.found ? message.manager : undefined),
      version: (manager) => manager.row.resourceVersion,
    },
  );
  return (
    <ObjectDetailFrame
      path="/contrail"
      listLabel="Contrail"
      kind="Manager"
      titleTestId="manager-title"
      detail={detail}
      loading="Loading Manager…"
      deletion={{
        testId: 'delete-manager',
        text: 'Its Cassandra, ZooKeeper, RabbitMQ and vRouter groups are deleted with it, and their agents stop.',
      }}
      banner={{
        deletingText: 'Being deleted with its services and groups.',
        outdatedText: 'The Manager controller has not caught up with the latest spec yet.',
      }}
    >
      {(manager) => <ManagerBody manager={manager} />}
    </ObjectDetailFrame>
  );
}
