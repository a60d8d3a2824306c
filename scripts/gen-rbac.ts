// Writes deploy/base/rbac/cluster-role.yaml and role.yaml from what the code calls (see
// scripts/rbac/shipped-rbac.ts); `npm run gen:rbac` after adding a controller, a watch or a console write.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCrdFiles } from '../server/kube/install-crds';
import { roleFiles } from './rbac/role-files';

const root = fileURLToPath(new URL('..', import.meta.url));

const files = await roleFiles(await readCrdFiles(join(root, 'crds')));
for (const [path, text] of Object.entries(files)) {
  await writeFile(join(root, path), text);
  console.log(`wrote ${path}`);
}
