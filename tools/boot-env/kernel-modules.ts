/**
 * Which kernel modules the installer environment loads, and in what order: the wanted drivers and
 * everything they depend on, dependencies first. Debian's .deb has no modules.dep (depmod writes it on
 * install), so the dependencies are read from each module's own `.modinfo` section.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { SetupError } from '../../server/setup-error';

/**
 * QEMU's (and most clouds') virtio NIC and disks. Other hardware needs its drivers added here; NVMe is
 * built into Debian's cloud kernel.
 */
export const INSTALLER_MODULES = ['virtio_pci', 'virtio_net', 'virtio_blk', 'virtio_scsi'];

/** Module names are spelled with `-` or `_` interchangeably; the kernel treats them alike. */
export const moduleName = (name: string) => name.replace(/\.ko$/, '').replace(/-/g, '_');

/** Pure: the `depends=` list of a module's .modinfo strings (NUL-separated `key=value`). */
export function modinfoDepends(module: Buffer): string[] {
  const marker = Buffer.from('\0depends=');
  const at = module.indexOf(marker);
  if (at < 0) return [];
  const start = at + marker.length;
  const end = module.indexOf(0, start);
  return module
    .subarray(start, end < 0 ? undefined : end)
    .toString('latin1')
    .split(',')
    .filter(Boolean)
    .map(moduleName);
}

/** Pure: `wanted` and their dependencies, each after everything it depends on, each once. */
export function loadOrder(wanted: string[], dependsOf: (name: string) => string[]): string[] {
  const order: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (order.includes(name)) return;
    if (visiting.has(name)) throw new SetupError(`kernel modules depend on each other in a circle: ${name}`);
    visiting.add(name);
    for (const dependency of dependsOf(name)) visit(dependency);
    visiting.delete(name);
    order.push(name);
  };
  for (const name of wanted.map(moduleName)) visit(name);
  return order;
}

async function modulePaths(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true });
  return new Map(
    entries
      .filter((entry) => entry.endsWith('.ko'))
      .map((entry) => [moduleName(entry.split('/').at(-1) ?? entry), join(dir, entry)]),
  );
}

/**
 * The module files to load, in order, as paths relative to `modulesDir` (the kernel's
 * lib/modules/<version>), for the wanted names.
 */
export async function modulesToLoad(modulesDir: string, wanted = INSTALLER_MODULES): Promise<string[]> {
  const paths = await modulePaths(modulesDir);
  const depends = new Map<string, string[]>();
  const pathOf = (name: string) => {
    const path = paths.get(name);
    if (!path) throw new SetupError(`the kernel has no module ${name} (looked in ${modulesDir})`);
    return path;
  };
  for (const name of wanted.map(moduleName)) {
    const pending = [name];
    while (pending.length > 0) {
      const next = pending.pop() ?? '';
      if (depends.has(next)) continue;
      const found = modinfoDepends(await readFile(pathOf(next)));
      depends.set(next, found);
      pending.push(...found);
    }
  }
  return loadOrder(wanted, (name) => depends.get(name) ?? []).map((name) =>
    relative(modulesDir, pathOf(name)),
  );
}
