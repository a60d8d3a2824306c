import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KubeConfig, type V1ClusterRole } from '@kubernetes/client-node';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAccountKubeconfig } from '../tools/testenv/restricted-kubeconfig';
import { IMPERSONATED_GROUPS } from '../server/api/kube-identity';
import type { KubeIdentity } from '../server/kube/impersonation';
import { kubeActingAs } from '../server/kube/kube-acting-as';
import { KubeRequestError, kubeRequestJson } from '../server/kube/kube-request';
import { subjectAccessReview } from '../server/kube/subject-access-review';
import { IMPERSONATE_ROLE_FILE } from '../scripts/rbac/role-files';

const root = fileURLToPath(new URL('..', import.meta.url));
const admin = new KubeConfig();
admin.loadFromDefault();
const name = `imp-sa-${randomBytes(3).toString('hex')}`;
const namespace = 'default';
const rbac = '/apis/rbac.authorization.k8s.io/v1';
let dir: string;
const serviceAccount = new KubeConfig();

interface SelfSubjectReview {
  status?: { userInfo?: { username?: string; groups?: string[] } };
}

/** Who the API server takes a request of the ServiceAccount acting as `identity` to be. */
function whoAmI(identity: KubeIdentity): Promise<SelfSubjectReview> {
  return kubeRequestJson<SelfSubjectReview>(
    kubeActingAs(serviceAccount, identity),
    '/apis/authentication.k8s.io/v1/selfsubjectreviews',
    { method: 'POST', body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' } },
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'impersonate-rbac-'));
  const shipped = parse(await readFile(join(root, IMPERSONATE_ROLE_FILE), 'utf8')) as V1ClusterRole;
  await kubeRequestJson(admin, `/api/v1/namespaces/${namespace}/serviceaccounts`, {
    method: 'POST',
    body: { metadata: { name } },
  });
  await kubeRequestJson(admin, `${rbac}/clusterroles`, {
    method: 'POST',
    body: { apiVersion: shipped.apiVersion, kind: shipped.kind, metadata: { name }, rules: shipped.rules },
  });
  await kubeRequestJson(admin, `${rbac}/clusterrolebindings`, {
    method: 'POST',
    body: {
      metadata: { name },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name },
      subjects: [{ kind: 'ServiceAccount', name, namespace }],
    },
  });
  const file = join(dir, 'kubeconfig');
  await serviceAccountKubeconfig(admin, namespace, name, file);
  serviceAccount.loadFromFile(file);
});

afterAll(async () => {
  await kubeRequestJson(admin, `${rbac}/clusterrolebindings/${name}`, { method: 'DELETE' }).catch(
    () => undefined,
  );
  await kubeRequestJson(admin, `${rbac}/clusterroles/${name}`, { method: 'DELETE' }).catch(() => undefined);
  await kubeRequestJson(admin, `/api/v1/namespaces/${namespace}/serviceaccounts/${name}`, {
    method: 'DELETE',
  }).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe(`the ServiceAccount with ${IMPERSONATE_ROLE_FILE}`, () => {
  it('acts as any console user, in every role group, with a uid', async () => {
    const review = await whoAmI({ user: 'oidc:CgNhbmE', groups: IMPERSONATED_GROUPS, uid: 'u-1' });
    expect(review.status?.userInfo?.username).toBe('oidc:CgNhbmE');
    expect(review.status?.userInfo?.groups).toEqual(expect.arrayContaining(IMPERSONATED_GROUPS));
  });

  it.each(['system:masters', 'fleet-admins'])('may not claim the group %s', async (group) => {
    const refused = await whoAmI({ user: 'rackpilot:ana', groups: [group] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(KubeRequestError);
    expect((refused as KubeRequestError).status).toBe(403);
    expect((refused as KubeRequestError).serverMessage).toContain(`cannot impersonate resource "groups"`);
  });

  it('asks the API server what a console user may list (SubjectAccessReview), as the server', async () => {
    const question = {
      user: 'rackpilot:ana',
      groups: IMPERSONATED_GROUPS,
      verb: 'list',
      group: 'metal3.io',
      resource: 'baremetalhosts',
      namespace,
    };
    // Nobody granted rackpilot:ana anything: the answer is a denial, not a refusal to answer.
    expect(await subjectAccessReview(serviceAccount, question)).toEqual({ allowed: false });
  });
});
