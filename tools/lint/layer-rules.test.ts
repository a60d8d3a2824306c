import { describe, expect, it } from 'vitest';
import { layerRules } from './layer-rules.mjs';

interface Pattern {
  regex?: string;
}
interface Block {
  files: string[];
  rules: Record<string, [string, { patterns: Pattern[] }]>;
}

/** Whether the lint blocks that cover `file` (by its layer folder) refuse importing `specifier`. */
function refused(file: string, specifier: string): boolean {
  return (layerRules as Block[])
    .filter((block) =>
      block.files.some((glob) => {
        if (glob.includes('/**/*')) {
          const [folder = '', ending = ''] = glob.split('/**/*');
          return file.startsWith(`${folder}/`) && file.endsWith(ending);
        }
        return glob.endsWith('/**') ? file.startsWith(glob.replace('/**', '/')) : file === glob;
      }),
    )
    .flatMap((block) => block.rules['@typescript-eslint/no-restricted-imports']?.[1].patterns ?? [])
    .some((pattern) => pattern.regex !== undefined && new RegExp(pattern.regex).test(specifier));
}

describe('layer rules', () => {
  it.each([
    ['server/kube/informer.ts', '../api/trpc', true],
    ['server/kube/informer.ts', '../controllers/build-controllers', true],
    ['server/controllers/sip-cluster/plan.ts', '../../api/trpc', true],
    ['server/controllers/sip-cluster/plan.ts', '../../kube/apply', false],
    ['server/api/ironic/ironic-row.ts', '../../controllers/ironic/render-ironic', true],
    ['server/api/ironic/ironic-row.ts', '../../controllers/ironic', false],
    ['server/api/ironic/ironic-row.ts', '@/server/controllers/sip-cluster/sip-names', true],
    ['server/api/ironic/ironic-row.ts', '../../kube/owner-references', false],
    ['server/api/ironic/ironic-row.ts', '../../../tools/lab/virtual-lab', true],
    ['server/runtime.ts', './api/shared-live-view', true],
    ['server/api/trpc.ts', '../startup/open-database', true],
    ['server/boot/boot-service.ts', '@/server/startup/start-boot', true],
    ['server/runtime.ts', './kube/informer-set', false],
    ['server/runtime.ts', './types/live-message', false],
    ['server/kube/informer.ts', './config', false],
    ['server/types/crds/index.ts', './config', false],
    ['server/types/crds/index.ts', '../../config', true],
    ['server/types/resource-descriptor.ts', '../kube/resource', true],
    ['components/ui/live-status.tsx', '../hosts/host-status', true],
    ['server/api/ironic/list.handler.ts', './ironic-cache', false],
    ['server/api/ironic/list.handler.ts', '../live-view', false],
    ['server/api/ironic/list.handler.ts', './detail.handler', true],
    ['server/api/ironic/list.handler.ts', '../racks/racks-router', true],
    ['server/api/ironic/list.handler.ts', '../../controllers/ironic/render-ironic', true],
    ['server/api/ironic/ironic-router.ts', './list.handler', false],
    ['server/api/access/set-role.schema.ts', './account-id', false],
    ['server/api/access/set-role.schema.ts', '../../schemas/control-characters', false],
    ['server/api/access/set-role.schema.ts', '../../kube/apply', true],
    ['server/api/access/set-role.schema.ts', './set-role.handler', true],
  ])('%s importing %s refused: %s', (file, specifier, expected) => {
    expect(refused(file, specifier)).toBe(expected);
  });
});
