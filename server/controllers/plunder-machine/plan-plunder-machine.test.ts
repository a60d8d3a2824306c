import { describe, expect, it } from 'vitest';
import type { PlunderMachine } from '../../types/crds';
import {
  planPlunderMachine,
  WAITING_FOR_OWNER,
  type HardwareOutcome,
  type MachineObserved,
} from './plan-plunder-machine';

const mac = 'aa:bb:cc:dd:ee:01';
const NOW = new Date('2026-11-01T10:00:00Z');
const planAt = (observed: MachineObserved) => planPlunderMachine(observed, NOW);

function observed(
  hardware: HardwareOutcome | undefined,
  phase?: string,
  extra: Partial<MachineObserved> = {},
): MachineObserved {
  const machine: PlunderMachine = {
    apiVersion: 'infrastructure.cluster.x-k8s.io/v1alpha1',
    kind: 'PlunderMachine',
    metadata: { name: 'm', namespace: 'ns', uid: 'u1' },
    spec: { ipaddress: '10.0.0.5' },
    ...(phase ? { status: { phase: phase as never } } : {}),
  };
  return { machine, hostname: 'm-u1', address: { ip: '10.0.0.5' }, hardware, ...extra };
}

const held = (
  state: Extract<HardwareOutcome, { mac: string }>['state'],
  failure?: string,
): HardwareOutcome => ({
  mac,
  state,
  attempts: 1,
  failureReason: failure ? 'InstallFailed' : null,
  failureMessage: failure ?? null,
});

describe('planPlunderMachine', () => {
  it.each([
    ['waiting for a named MAC', { waiting: { mac } }, undefined, 'Waiting', ['No Hardware found'], 5_000],
    ['still waiting: no repeated event', { waiting: 'any' }, 'Waiting', 'Waiting', [], 5_000],
    ['claimed', held('claimed'), 'Waiting', 'Claimed', ['PlunderProvision'], 3_000],
    ['installing', held('provisioning'), 'Claimed', 'Provisioning', ['PlunderProvision'], 3_000],
    ['installed', held('provisioned'), 'Provisioning', 'Provisioned', ['PlunderProvision'], undefined],
    ['installed, already reported', held('provisioned'), 'Provisioned', 'Provisioned', [], undefined],
    ['failed', held('failed', 'disk not found'), 'Provisioning', 'Failed', ['InstallFailed'], 15_000],
  ] as const)('%s', (_, hardware, previous, phase, reasons, requeue) => {
    const plan = planAt(observed(hardware, previous));
    expect(plan.status.phase).toBe(phase);
    expect(plan.events.map((event) => event.reason)).toEqual(reasons);
    expect(plan.requeueAfterMs).toBe(requeue);
  });

  it("names an address conflict, which blocks the install, in the claimed machine's message", () => {
    const plan = planAt(observed({ ...held('claimed'), conflictIp: '10.0.0.66' }, 'Claimed'));
    expect(plan.status.phase).toBe('Claimed');
    expect(plan.status.message).toContain('address conflict (10.0.0.66 also asked for it)');
  });

  it('sets ready and providerID plunder://<mac> only once installed', () => {
    const installed = planAt(observed(held('provisioned')));
    expect(installed.status).toMatchObject({
      ready: true,
      macaddress: mac,
      ipaddress: '10.0.0.5',
      machineName: 'm-u1',
    });
    expect(installed.providerID).toBe(`plunder://${mac}`);
    const installing = planAt(observed(held('provisioning')));
    expect(installing.status.ready).toBe(false);
    expect(installing.providerID).toBeUndefined();
  });

  it('reports a failed install as a failure, not success', () => {
    const plan = planAt(observed(held('failed', 'kubeadm failed')));
    expect(plan.status).toMatchObject({
      ready: false,
      failureReason: 'InstallFailed',
      failureMessage: 'kubeadm failed',
    });
    expect(plan.events[0]?.type).toBe('Warning');
  });

  it('fails without an address, and with one another machine holds', () => {
    const none = planAt(
      observed(undefined, undefined, {
        address: { problem: 'An IP address is required', reason: 'NoAddress' },
      }),
    );
    expect(none.status).toMatchObject({ phase: 'Failed', failureReason: 'NoAddress' });
    expect(none.requeueAfterMs).toBe(30_000);
    const taken = planAt(
      observed(undefined, undefined, { address: { problem: 'held by ns/x', reason: 'AddressConflict' } }),
    );
    expect(taken.status.failureReason).toBe('AddressConflict');
  });

  it('claims nothing while no Cluster API Machine owns it, and says so in the Ready condition', () => {
    const plan = planAt(observed(undefined, undefined, { waitingForOwner: 'unowned' }));
    expect(plan.status).toMatchObject({ ready: false, phase: 'Waiting' });
    expect(plan.status.conditions).toEqual([
      {
        type: 'Ready',
        status: 'False',
        reason: WAITING_FOR_OWNER,
        message: expect.stringContaining('waiting for a Cluster API Machine to own it') as string,
        lastTransitionTime: '2026-11-01T10:00:00Z',
      },
    ]);
    expect(plan.providerID).toBeUndefined();
    expect(plan.requeueAfterMs).toBeUndefined();
  });

  it('waits, and looks again, while the Machine its ownerReference names does not exist', () => {
    const plan = planAt(observed(undefined, undefined, { waitingForOwner: { missing: 'worker-0' } }));
    expect(plan.status).toMatchObject({ ready: false, phase: 'Waiting' });
    expect(plan.status.conditions?.[0]).toMatchObject({
      status: 'False',
      reason: WAITING_FOR_OWNER,
      message: 'waiting for its owner, Cluster API Machine worker-0, which does not exist',
    });
    expect(plan.status.ipaddress).toBeUndefined();
    expect(plan.providerID).toBeUndefined();
    expect(plan.requeueAfterMs).toBe(5_000);
  });

  it('mirrors the phase in the Ready condition', () => {
    expect(planAt(observed(held('provisioned'))).status.conditions?.[0]).toMatchObject({
      status: 'True',
      reason: 'Provisioned',
    });
    expect(planAt(observed(held('failed', 'disk not found'))).status.conditions?.[0]).toMatchObject({
      status: 'False',
      reason: 'Failed',
      message: 'disk not found',
    });
  });

  it.each([
    ['UnknownProfile', 'no boot profile named foo (bootProfiles.list shows them)'],
    ['ProfileNotReady', 'boot profile foo is not usable: kernel vmlinuz is missing from the asset store /a'],
  ] as const)('fails a machine whose boot profile is %s, with the reason and message', (reason, message) => {
    const plan = planAt(observed(undefined, undefined, { profileProblem: { reason, message } }));
    expect(plan.status).toMatchObject({ phase: 'Failed', failureReason: reason, failureMessage: message });
    expect(plan.events).toEqual([{ type: 'Warning', reason, note: message }]);
  });
});
