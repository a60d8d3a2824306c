import { acquireTestEnvironment, environmentVariables } from './test-environment';

/** Integration tests read KUBECONFIG and DATABASE_URL; each test makes its own namespace or rows. */
export default async function setup(): Promise<() => Promise<void>> {
  const environment = await acquireTestEnvironment((line) => {
    console.log(`[test-env] ${line}`);
  });
  process.env.KUBECONFIG = environment.kubeconfig;
  process.env.DATABASE_URL = environment.databaseUrl;
  Object.assign(process.env, environmentVariables(environment));
  return () => environment.stop();
}
