// The server alone, on the cluster and database its environment names: what tests start from the
// sources and the build (tools/build/build-server.mjs) compiles for processes without `npm start`'s
// local cluster and hardware lab.
import { runCli, stopSignal } from './cli';
import { readServerConfig } from './config';
import { runServer } from './main';

const signal = stopSignal();
runCli(() => runServer(readServerConfig(process.env, process.cwd()), signal));
