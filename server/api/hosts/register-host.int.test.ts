import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin, type ConsoleClient } from '../../../tools/testenv/console-client';
import { startConsoleServer, type ServerProcess } from '../../../tools/testenv/server-process';
import { kubeRequestJson } from '../../kube/kube-request';
import { defaultHostRegisterForm, type HostRegisterForm } from '../../schemas/host-register-form';
import type { AuditRow } from '../access/audit-query';

const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `register-${randomBytes(3).toString('hex')}`;
let server: ServerProcess;
let admin: ConsoleClient;

const form = (name: string, bootMACAddress = '3C-EC-EF-00-11-22'): HostRegisterForm => ({
  ...defaultHostRegisterForm(),
  namespace,
  name,
  bmcAddress: 'redfish://10.0.0.5/redfish/v1/Systems/1',
  username: 'admin',
  password: 'never-in-the-audit-log',
  bootMACAddress,
});

async function secretExists(name: string): Promise<boolean> {
  try {
    await kubeRequestJson(kc, `/api/v1/namespaces/${namespace}/secrets/${name}`);
    return true;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return false;
    throw error;
  }
}

beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
  server = await startConsoleServer();
  admin = await signInAsAdmin(server.url);
}, 120_000);

afterAll(async () => {
  await server.stop();
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

describe('registering a host', () => {
  it('creates the credentials Secret and the host, and audits it without the password', async () => {
    const created = await admin.mutate<{ status: string }>('hosts.register', form('h1'));
    expect(created.data).toEqual({ status: 'created', namespace, name: 'h1' });
    expect(await secretExists('h1-bmc-secret')).toBe(true);
    const host = await kubeRequestJson<{ spec: { bootMACAddress: string } }>(
      kc,
      `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts/h1`,
    );
    expect(host.spec.bootMACAddress).toBe('3c:ec:ef:00:11:22');
    const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', {
      action: 'hosts.register',
    });
    const row = audit.data?.rows.find((entry) => entry.target === `${namespace}/h1`);
    expect(row?.result).toBe('ok');
    expect(JSON.stringify(row?.input)).not.toContain('never-in-the-audit-log');
  });

  it('a host that cannot be created leaves no Secret behind, and the form says why', async () => {
    await kubeRequestJson(kc, `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`, {
      method: 'POST',
      body: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'BareMetalHost',
        metadata: { name: 'taken' },
        spec: { online: false },
      },
    });
    const refused = await admin.mutate<{ status: string; fieldErrors: Record<string, string> }>(
      'hosts.register',
      form('taken', '3c:ec:ef:00:11:23'),
    );
    expect(refused.data?.status).toBe('rejected');
    expect(refused.data?.fieldErrors.name).toBe(
      `A BareMetalHost named taken already exists in namespace ${namespace}`,
    );
    expect(await secretExists('taken-bmc-secret')).toBe(false);
    const audit = await admin.query<{ rows: AuditRow[] }>('access.audit', {
      action: 'hosts.register',
    });
    expect(audit.data?.rows.find((entry) => entry.target === `${namespace}/taken`)).toMatchObject({
      result: 'refused',
      error: `A BareMetalHost named taken already exists in namespace ${namespace}`,
    });
  });

  it("a second host with h1's boot MAC is refused at the MAC field, and nothing is created", async () => {
    // Checked against the server's host cache, which learns of h1 from its watch.
    await expect
      .poll(
        async () =>
          (await admin.mutate<{ fieldErrors?: Record<string, string> }>('hosts.registerDryRun', form('h3')))
            .data?.fieldErrors,
      )
      .toEqual({ bootMACAddress: `3c:ec:ef:00:11:22 is already the boot MAC of host ${namespace}/h1` });
    expect(await secretExists('h3-bmc-secret')).toBe(false);
  });

  it('an unknown BMC type is refused at its field', async () => {
    const refused = await admin.mutate('hosts.register', {
      ...form('h2'),
      bmcAddress: 'https://10.0.0.5',
    });
    expect(refused.error?.code).toBe('BAD_REQUEST');
    expect(refused.error?.message).toMatch(/Unknown BMC type \\"https\\"/);
    expect(await secretExists('h2-bmc-secret')).toBe(false);
  });
});
