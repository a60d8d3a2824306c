import { describe, expect, it } from 'vitest';
import { describeRequestDelta, parseRequestCounts } from './apiserver-requests';

const exposition = (patches: number) => `# HELP apiserver_request_total [STABLE] Counter of apiserver requests
# TYPE apiserver_request_total counter
apiserver_request_total{code="200",component="apiserver",dry_run="",group="metal3.io",resource="baremetalhosts",scope="resource",subresource="",verb="PATCH",version="v1alpha1"} ${patches}
apiserver_request_total{code="409",component="apiserver",dry_run="",group="metal3.io",resource="baremetalhosts",scope="resource",subresource="",verb="PATCH",version="v1alpha1"} 2
apiserver_request_total{code="200",component="apiserver",dry_run="",group="apps",resource="deployments",scope="resource",subresource="status",verb="PUT",version="v1"} 7
apiserver_request_total{code="200",component="",dry_run="",group="",resource="",scope="",subresource="/healthz",verb="GET",version=""} 4
apiserver_request_duration_seconds_count{resource="pods",verb="GET"} 99
`;

describe('API server request counts', () => {
  it('sums the codes of each verb and resource, subresources apart, other metrics ignored', () => {
    expect(parseRequestCounts(exposition(10))).toEqual(
      new Map([
        ['PATCH baremetalhosts', 12],
        ['PUT deployments/status', 7],
        ['GET (none)//healthz', 4],
      ]),
    );
  });

  it('reports what was served between two readings per object, largest first', () => {
    const before = parseRequestCounts(exposition(10));
    const after = new Map([...parseRequestCounts(exposition(40)), ['POST pods', 10]]);
    expect(describeRequestDelta(before, after, 10)).toEqual({
      total: 4,
      byKind: 'PATCH baremetalhosts 3.00, POST pods 1.00',
    });
  });
});
