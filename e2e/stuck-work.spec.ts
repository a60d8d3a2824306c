import { randomBytes } from 'node:crypto';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { kubeRequestJson } from '../server/kube/kube-request';
import { microTime } from '../server/kube/micro-time';
import { expect, test } from './fixtures';
import { seriousViolations } from './serious-violations';

// Issue 47 item 7: a step past its expected duration is raised with how long it has been stuck, and a
// warning whose object recovered since leaves the overview.
const kc = new KubeConfig();
kc.loadFromDefault();
const namespace = `e2e-stuck-${randomBytes(3).toString('hex')}`;
const hostsPath = `/apis/metal3.io/v1alpha1/namespaces/${namespace}/baremetalhosts`;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function host(name: string, mac: string, status: object): Promise<{ uid: string }> {
  const created = await kubeRequestJson<{ metadata: { uid: string } }>(kc, hostsPath, {
    method: 'POST',
    body: {
      apiVersion: 'metal3.io/v1alpha1',
      kind: 'BareMetalHost',
      metadata: { name },
      spec: { online: true, bootMACAddress: mac },
    },
  });
  await setStatus(name, status);
  return created.metadata;
}

async function setStatus(name: string, status: object): Promise<void> {
  await kubeRequestJson(kc, `${hostsPath}/${name}/status`, {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    body: { status },
  });
}

test.beforeAll(async () => {
  await kc.makeApiClient(CoreV1Api).createNamespace({ body: { metadata: { name: namespace } } });
});

test.afterAll(async () => {
  await kc.makeApiClient(CoreV1Api).deleteNamespace({ name: namespace });
});

test('a host inspecting for 40 minutes is under Needs attention with how long; one inspecting for 2 is not', async ({
  page,
}) => {
  const inspecting = (minutes: number) => ({
    operationalStatus: 'OK',
    poweredOn: true,
    lastUpdated: minutesAgo(minutes),
    provisioning: { state: 'inspecting', ID: '' },
    operationHistory: { inspect: { start: minutesAgo(minutes), end: null } },
  });
  await host('slow-inspect', '52:54:00:47:07:01', inspecting(40));
  await host('fresh-inspect', '52:54:00:47:07:02', inspecting(2));

  await page.goto('/');
  const problems = page.getByTestId('problems');
  const stuck = problems.getByTestId('problem').filter({ hasText: `${namespace}/slow-inspect` });
  await expect(stuck).toContainText(/Inspecting for 4\d min \(expected within 20 min\)/);
  await expect(stuck.getByRole('link')).toHaveAttribute('href', `/hosts/${namespace}/slow-inspect`);
  await expect(problems).not.toContainText(`${namespace}/fresh-inspect`);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a warning event leaves the overview once its host has recovered', async ({ page }) => {
  const { uid } = await host('flaky-bmc', '52:54:00:47:07:03', {
    operationalStatus: 'error',
    errorType: 'power management error',
    errorMessage: 'BMC did not answer',
    lastUpdated: minutesAgo(1),
    provisioning: { state: 'available', ID: '' },
  });
  // As Metal3's host operator records a failed power change.
  await kubeRequestJson(kc, `/apis/events.k8s.io/v1/namespaces/${namespace}/events`, {
    method: 'POST',
    body: {
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: `flaky-bmc.${randomBytes(4).toString('hex')}` },
      eventTime: microTime(new Date()),
      reportingController: 'metal3-baremetal-controller',
      reportingInstance: 'e2e',
      action: 'PowerOff',
      reason: 'PowerOffFailed',
      note: `BMC of ${namespace}/flaky-bmc did not answer`,
      type: 'Warning',
      regarding: {
        apiVersion: 'metal3.io/v1alpha1',
        kind: 'BareMetalHost',
        namespace,
        name: 'flaky-bmc',
        uid,
      },
    },
  });

  await page.goto('/');
  const warnings = page.getByTestId('warnings');
  await expect(warnings).toContainText(`BMC of ${namespace}/flaky-bmc did not answer`);

  await setStatus('flaky-bmc', {
    operationalStatus: 'OK',
    errorType: null,
    errorMessage: '',
    lastUpdated: new Date().toISOString(),
  });
  // The page reads the warnings again every few seconds.
  await expect(warnings).not.toContainText(`BMC of ${namespace}/flaky-bmc did not answer`, {
    timeout: 20_000,
  });
});
