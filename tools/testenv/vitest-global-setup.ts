import { acquireTestEnvironment } from './test-environment';

/** Integration tests read KUBECONFIG and DATABASE_URL; each test makes its own namespace or rows. */
export default async function setup(): Promise<() => Promise<void>> {
  const environment = await acquireTestEnvironment((line) => {
    console.log(`[test-env] ${line}`);
  });
  process.env.KUBECONFIG = environment.kubeconfig;
  process.env.DATABASE_URL = environment.databaseUrl;
  return () => environment.stop();
}
