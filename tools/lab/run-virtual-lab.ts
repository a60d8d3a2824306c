/**
 * Runs the lab's virtual machines against a boot service on their own, e.g. to load a server with a
 * thousand looping hosts: `npx tsx tools/lab/run-virtual-lab.ts http://127.0.0.1:3000/boot.ipxe 1000`.
 * Prints a line of counts every 10 s; Ctrl-C powers everything off.
 */
import { startHardwareLab } from './start-hardware-lab';

const [bootUrl, count = '12'] = process.argv.slice(2);
const hosts = Number(count);
if (!bootUrl || !Number.isInteger(hosts) || hosts < 1) {
  console.error('usage: run-virtual-lab.ts <boot URL, e.g. http://127.0.0.1:3000/boot.ipxe> [hosts]');
  process.exit(2);
}
const started = Date.now();
const hardware = await startHardwareLab({
  bootUrl,
  hosts,
  startSpreadMs: Math.min(30_000, hosts * 20),
  log: (line) => {
    console.log(line);
  },
});
const report = setInterval(() => {
  const { phases, boots, requests, installsDone, installsFailed } = hardware.lab.stats();
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `lab ${seconds}s: ${requests} requests, boots ${boots}, done ${installsDone}, failed ${installsFailed}, phases ${JSON.stringify(phases)}`,
  );
}, 10_000);
const stop = () => {
  clearInterval(report);
  void hardware.stop().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
