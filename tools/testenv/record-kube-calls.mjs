// Preloaded into a server process (NODE_OPTIONS=--import, see kube-call-log.ts) by tests that need to
// know what the server really asked of the API server: appends one JSON line per request (method, path,
// answer's status, when it was sent, which keep-alive agent sent it; for writes also the resourceVersion
// the answer carries) to $RECORD_KUBE_CALLS_TO. Test-only; never shipped.
import { Buffer } from 'node:buffer';
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';

const file = process.env.RECORD_KUBE_CALLS_TO;
const apiServer = process.env.RECORD_KUBE_API_SERVER;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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

const agentNumbers = new WeakMap();
let agentsSeen = 0;

/** A number per Agent object, in the order first seen; 0 for a request without one. */
function agentOf(args) {
  const options = args.find((arg) => arg && typeof arg === 'object' && !(arg instanceof URL) && arg.agent);
  if (!options) return 0;
  if (!agentNumbers.has(options.agent)) agentNumbers.set(options.agent, ++agentsSeen);
  return agentNumbers.get(options.agent);
}

function resourceVersionOf(chunks, encoding) {
  if (encoding) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString()).metadata?.resourceVersion;
  } catch {
    return undefined;
  }
}

/**
 * Sees the body as the client reads it: 'data' passes through emit whether the stream flows or is
 * read, so the client's own reading is left as it was.
 */
function recordWrite(res, call) {
  const chunks = [];
  const emit = res.emit;
  res.emit = function recordingEmit(event, ...rest) {
    if (event === 'data') chunks.push(Buffer.from(rest[0]));
    if (event === 'close') {
      const resourceVersion = resourceVersionOf(chunks, res.headers['content-encoding']);
      appendFileSync(file, `${JSON.stringify({ ...call, resourceVersion })}\n`);
    }
    return emit.call(this, event, ...rest);
  };
}

function wrap(module) {
  const original = module.request;
  module.request = function request(...args) {
    const sentAt = Date.now();
    const req = original.apply(this, args);
    const { host, path, method } = target(args);
    const agent = agentOf(args);
    if (file && host === apiServer) {
      req.once('response', (res) => {
        const call = { method, path, status: res.statusCode, sentAt, agent };
        if (WRITES.has(method)) recordWrite(res, call);
        else appendFileSync(file, `${JSON.stringify(call)}\n`);
      });
    }
    return req;
  };
}

wrap(http);
wrap(https);
syncBuiltinESMExports();
