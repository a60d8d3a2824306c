import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { V1ClusterRole, V1PolicyRule, V1Role } from '@kubernetes/client-node';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { consoleAccess } from '../../server/api/console-access';
import { controllerDeclarations } from '../../server/controllers/build-controllers';
import { readCrdFiles } from '../../server/kube/install-crds';
import { controllerAccess, delegatedRules, policyRules } from '../../server/kube/rbac-rules';
import { runtimeAccess } from '../../server/kube/runtime-access';
import { CLUSTER_ROLE_FILE, IMPERSONATE_BASE_ROLE_FILE, ROLE_FILE, roleFiles } from './role-files';
import { neededAccess, ruleDifferences } from './shipped-rbac';

const root = fileURLToPath(new URL('../..', import.meta.url));
const crds = await readCrdFiles(join(root, 'crds'));

async function shipped<T extends V1Role | V1ClusterRole>(file: string): Promise<T> {
  return parse(await readFile(join(root, file), 'utf8')) as T;
}

describe('the roles shipped in deploy/', () => {
  it('grant exactly what the code calls: nothing used is missing, nothing granted is unused', async () => {
    const needed = neededAccess(crds);
    const clusterRole = await shipped<V1ClusterRole>(CLUSTER_ROLE_FILE);
    const role = await shipped<V1Role>(ROLE_FILE);
    expect(
      ruleDifferences(clusterRole.rules ?? [], [
        ...policyRules(needed.filter((access) => !access.ownNamespace)),
        ...delegatedRules(controllerDeclarations),
      ]),
    ).toEqual({ notGranted: [], notUsed: [] });
    expect(
      ruleDifferences(role.rules ?? [], policyRules(needed.filter((access) => access.ownNamespace))),
    ).toEqual({ notGranted: [], notUsed: [] });
  });

  it('are the generated text, so `npm run gen:rbac` leaves them unchanged', async () => {
    for (const [file, text] of Object.entries(await roleFiles(crds))) {
      expect(await readFile(join(root, file), 'utf8'), file).toBe(text);
    }
  });

  it('include every controller, every cached kind, the console and the Lease only in the own namespace', () => {
    const needed = neededAccess(crds);
    const names = (filter: (rule: V1PolicyRule) => boolean) =>
      policyRules(needed)
        .filter(filter)
        .flatMap((rule) => rule.resources ?? []);
    for (const declaration of controllerDeclarations) {
      expect(names(() => true)).toContain(`${declaration.reconciles.plural}/status`);
    }
    for (const crd of crds) expect(names(() => true)).toContain(crd.spec.names.plural);
    expect(needed).toEqual(expect.arrayContaining(consoleAccess));
    expect(needed).toEqual(expect.arrayContaining(runtimeAccess(crds, controllerDeclarations)));
    expect(policyRules(needed.filter((access) => access.ownNamespace))).toEqual([
      { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'create', 'update'] },
    ]);
  });
});

describe('ruleDifferences', () => {
  const pods = (verbs: string[], resourceNames?: string[]): V1PolicyRule => ({
    apiGroups: [''],
    resources: ['pods'],
    verbs,
    resourceNames,
  });

  it('names a verb used but not granted', () => {
    expect(ruleDifferences([pods(['get', 'list'])], [pods(['get', 'list', 'watch'])])).toEqual({
      notGranted: ['watch core/pods'],
      notUsed: [],
    });
  });

  it('names a verb granted but never used', () => {
    expect(ruleDifferences([pods(['get', 'list', 'delete'])], [pods(['get', 'list'])])).toEqual({
      notGranted: [],
      notUsed: ['delete core/pods'],
    });
  });

  it('compares across rule boundaries and by object name where a rule names objects', () => {
    expect(ruleDifferences([pods(['get']), pods(['list'])], [pods(['get', 'list'])])).toEqual({
      notGranted: [],
      notUsed: [],
    });
    expect(ruleDifferences([pods(['use'], ['privileged'])], [pods(['use'], ['anyuid'])])).toEqual({
      notGranted: ['use core/pods anyuid'],
      notUsed: ['use core/pods privileged'],
    });
  });

  it('for RACKPILOT_IMPERSONATE=1, replace the ClusterRole with one that lacks only the console writes', async () => {
    const base = await shipped<V1ClusterRole>(CLUSTER_ROLE_FILE);
    const acting = await shipped<V1ClusterRole>(IMPERSONATE_BASE_ROLE_FILE);
    expect(acting.metadata?.name).toBe(base.metadata?.name);
    const { notGranted, notUsed } = ruleDifferences(acting.rules ?? [], base.rules ?? []);
    expect(notUsed).toEqual([]);
    // Each permission dropped is a console write nothing else (a controller, the runtime) needs.
    const others = ruleDifferences(
      [],
      policyRules([
        ...controllerAccess(controllerDeclarations),
        ...runtimeAccess(crds, controllerDeclarations),
      ]),
    ).notGranted;
    for (const permission of notGranted) {
      expect(permission).toMatch(/^(create|update|patch|delete) /);
      expect(others).not.toContain(permission);
    }
    expect(notGranted).toEqual(
      expect.arrayContaining(['create metal3.io/baremetalhosts', 'delete airship.airshipit.org/sipclusters']),
    );
  });
});
