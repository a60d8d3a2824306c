import { randomBytes } from 'node:crypto';
import { startLabBmcServer, type LabBmcServer } from './virtual-bmc-server';
import { startVirtualLab, type VirtualLab, type VirtualLabOptions } from './virtual-lab';

/** The virtual machines plus their BMCs' HTTP endpoint: what `npm start` and the e2e setup run. */
export interface HardwareLab {
  lab: VirtualLab;
  bmc: LabBmcServer;
  stop(): Promise<void>;
}

export async function startHardwareLab(
  options: VirtualLabOptions & { log?: (line: string) => void },
): Promise<HardwareLab> {
  const lab = startVirtualLab(options);
  let bmc: LabBmcServer;
  try {
    bmc = await startLabBmcServer(lab, { password: randomBytes(12).toString('base64url') });
  } catch (error) {
    await lab.stop();
    throw error;
  }
  options.log?.(
    `lab: ${options.hosts} virtual machines PXE-booting from ${options.bootUrl}; their BMCs (Redfish) at ${bmc.url}/redfish/v1/Systems`,
  );
  let stopped: Promise<void> | undefined;
  return {
    lab,
    bmc,
    stop: () => {
      stopped ??= Promise.all([lab.stop(), bmc.stop()]).then(() => undefined);
      return stopped;
    },
  };
}
