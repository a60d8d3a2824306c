// `npm run boot-env`: builds the installer environment and the demo image (tools/boot-env) into the cache
// if they are not there yet, and prints where they are, for copying into a boot asset store.
import { ensureBootEnvironment } from '../tools/boot-env/build-boot-env';
import { isSetupError } from '../server/setup-error';

try {
  const env = await ensureBootEnvironment((line) => console.log(`rackpilot: ${line}`));
  console.log(
    [
      `kernel      ${env.kernel} (${env.kernelRelease})`,
      `initrd      ${env.initrd}`,
      `demo image  ${env.demo.raw} (${env.demo.bytes} bytes, also .gz and .zst)`,
      `sha256      ${env.demo.sha256} (of the raw image, whichever variant is served)`,
    ].join('\n'),
  );
} catch (error) {
  if (!isSetupError(error)) throw error;
  console.error(`rackpilot: ${error.message}`);
  process.exitCode = 1;
}
