import type { NamespaceScope } from '../../access/namespace-scope';
import type { Informer } from '../../kube/informer';
import { ChangeMemo } from '../../lib/change-memo';
import type { Runtime } from '../../runtime';
import type { BareMetalHost } from '../../types/crds/bare-metal-host';
import { hostInformer, indexHost, visibleHosts } from './host-cache';
import { queryHosts, type HostPage, type HostQuery } from './host-query';

/**
 * Pages kept per hosts cache between its changes. The hosts list's live view and every console's
 * `hosts.page` mostly ask the same few queries (the first page, unfiltered), and a caller batching
 * pages had each one filter, count facets and sort the whole fleet again: the longest stretches of
 * the server's event loop under load held one or more of those.
 */
export const PAGES_KEPT = 64;

const pagesOf = new WeakMap<Informer<BareMetalHost>, ChangeMemo<HostPage>>();

function pageMemo(informer: Informer<BareMetalHost>): ChangeMemo<HostPage> {
  let memo = pagesOf.get(informer);
  if (!memo) {
    const pages = new ChangeMemo<HostPage>(PAGES_KEPT);
    // The cache's store is updated before it says so: a page computed after this is of the new hosts.
    informer.on('change', () => pages.forget());
    pagesOf.set(informer, pages);
    memo = pages;
  }
  return memo;
}

/**
 * One page of the hosts the scope sees, as `queryHosts` answers it for the cache as it is now. Only
 * pages of every namespace are kept: a scope by label selector sees namespaces by labels read afresh
 * per call, which the hosts cache's changes do not follow.
 */
export function hostPage(runtime: Runtime, query: HostQuery, scope: NamespaceScope): HostPage {
  const compute = () => queryHosts(visibleHosts(runtime, scope).map(indexHost), query);
  if (!scope.all) return compute();
  return pageMemo(hostInformer(runtime)).answer(JSON.stringify(query), compute);
}
