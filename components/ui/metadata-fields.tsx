import type { ReactNode } from 'react';
import { timeText } from './format';

/** The Created, Generation and Finalizers rows of a detail page's Summary (for Fields). */
export function metadataFields(object: {
  createdAt?: string;
  generation?: number;
  finalizers: string[];
}): [ReactNode, ReactNode][] {
  return [
    ['Created', timeText(object.createdAt)],
    ['Generation', <span className="tabular-nums">{object.generation ?? '—'}</span>],
    [
      'Finalizers',
      object.finalizers.length > 0 ? (
        <span className="font-mono text-xs">{object.finalizers.join(', ')}</span>
      ) : (
        'none'
      ),
    ],
  ];
}
