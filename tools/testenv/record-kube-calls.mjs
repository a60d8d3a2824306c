// Preloaded into a server process (NODE_OPTIONS=--import) by the ServiceAccount test: appends one JSON
// line per request to the API server (method, path, answer's status) to $RECORD_KUBE_CALLS_TO, so
// the test can compare what the code really calls with what deploy/ grants. Test-only; never shipped.
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';

const file = process.env.RECORD_KUBE_CALLS_TO;
const apiServer = process.env.RECORD_KUBE_API_SERVER;

function target(args) {
  const [first, second] = args;
  if (typeof first === 'string' || first instanceof URL) {
    const url = new URL(first);
    const method = (second && typeof second === 'object' && second.method) || 'GET';
    return { host: url.host, path: url.pathname + url.search, method };
  }
  const options = first ?? {};
  const host = `${options.hostname ?? options.host ?? ''}${options.port ? `:${options.port}` : ''}`;
  return { host, path: options.path ?? '/', method: options.method ?? 'GET' };
}

function wrap(module) {
  const original = module.request;
  module.request = function request(...args) {
    const req = original.apply(this, args);
    const { host, path, method } = target(args);
    if (file && host === apiServer) {
      req.once('response', (res) => {
        appendFileSync(file, `${JSON.stringify({ method, path, status: res.statusCode })}\n`);
      });
    }
    return req;
  };
}

wrap(http);
wrap(https);
syncBuiltinESMExports();
