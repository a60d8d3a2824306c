import { acquireTestEnvironment, environmentVariables } from './test-environment';
import { provideTestAssetServer } from './test-asset-server';

/** Integration tests read KUBECONFIG and DATABASE_URL; each test makes its own namespace or rows. */
export default async function setup(): Promise<() => Promise<void>> {
  const log = (line: string) => {
    console.log(`[test-env] ${line}`);
  };
  await provideTestAssetServer(log);
  const environment = await acquireTestEnvironment(log);
  process.env.KUBECONFIG = environment.kubeconfig;
  process.env.DATABASE_URL = environment.databaseUrl;
  Object.assign(process.env, environmentVariables(environment));
  return () => environment.stop();
}
