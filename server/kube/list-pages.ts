import type { KubeConfig } from '@kubernetes/client-node';
import { kubeRequestText, type KubeRequest } from './kube-request';
import { listMetadata, type ListMetadata } from './list-metadata';

/** One page of a list: its JSON text, unparsed, and the list's own metadata read from it. */
export interface ListPage {
  text: string;
  metadata: ListMetadata;
}

/**
 * A list, page by page (`limit` objects each, following `continue`). The next page is asked for
 * before the current one is handed out: the API server builds it while the caller parses this one,
 * which on thousands of objects takes about as long. A page's answer is bounded by `request.maxBytes`.
 */
export async function* listPages(
  kc: KubeConfig,
  path: string,
  limit: number,
  request: Pick<KubeRequest, 'query' | 'accept' | 'maxBytes'> = {},
): AsyncGenerator<ListPage> {
  const fetchPage = (continueToken: string | undefined) =>
    kubeRequestText(kc, path, { ...request, query: { ...request.query, limit, continue: continueToken } });
  let pending: ReturnType<typeof fetchPage> | undefined = fetchPage(undefined);
  while (pending) {
    const { text } = await pending;
    const metadata = listMetadata(text);
    pending = metadata.continue ? fetchPage(metadata.continue) : undefined;
    // Awaited on the next pass; marked handled now in case the caller stops or throws first.
    pending?.catch(() => undefined);
    yield { text, metadata };
  }
}
