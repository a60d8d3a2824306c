/**
 * What a controller's observe step reads of the cluster: each kind's objects by name, all of them, or
 * by a named index. The controllers' informer caches satisfy it; so does ListedObjects, one listing of
 * the cluster taken at a moment, which lets a benchmark's floor run the controllers' own observe
 * functions without their watches.
 */
import type { KubernetesObject } from '@kubernetes/client-node';
import { objectKey } from './informer';
import type { IndexDeclaration } from './controller-declaration';
import type { ResourceDescriptor } from './resource';

export interface ObjectReads<T extends KubernetesObject> {
  get(name: string, namespace?: string): T | undefined;
  list(): T[];
  byIndex(index: string, value: string): T[];
}

export interface ClusterReads {
  of<T extends KubernetesObject>(resource: ResourceDescriptor<T>): ObjectReads<T>;
}

/** An index of a kind, as the controllers declare theirs: the values an object is filed under. */
export type ListedIndex = Pick<IndexDeclaration, 'resource' | 'name' | 'values'>;

class ListedKind<T extends KubernetesObject> implements ObjectReads<T> {
  private readonly byKey: Map<string, T>;
  private readonly indexes = new Map<string, Map<string, T[]>>();

  constructor(
    private readonly resource: ResourceDescriptor,
    objects: T[],
    indexes: ListedIndex[],
  ) {
    this.byKey = new Map(objects.map((object) => [objectKey(object), object]));
    for (const index of indexes) {
      const filed = new Map<string, T[]>();
      for (const object of objects)
        for (const value of index.values(object)) {
          const same = filed.get(value);
          if (same) same.push(object);
          else filed.set(value, [object]);
        }
      this.indexes.set(index.name, filed);
    }
  }

  get(name: string, namespace?: string): T | undefined {
    return this.byKey.get(namespace ? `${namespace}/${name}` : name);
  }

  list(): T[] {
    return [...this.byKey.values()];
  }

  byIndex(index: string, value: string): T[] {
    const filed = this.indexes.get(index);
    if (!filed) throw new Error(`no index ${index} on ${this.resource.plural}`);
    return filed.get(value) ?? [];
  }
}

/** Objects listed once, by kind, with the indexes given; reading a kind that was not listed throws. */
export class ListedObjects implements ClusterReads {
  private readonly kinds = new Map<string, ListedKind<KubernetesObject>>();

  constructor(listed: (readonly [ResourceDescriptor, KubernetesObject[]])[], indexes: ListedIndex[] = []) {
    for (const [resource, objects] of listed) {
      const own = indexes.filter((index) => index.resource.kind === resource.kind);
      this.kinds.set(resource.kind, new ListedKind(resource, objects, own));
    }
  }

  of<T extends KubernetesObject>(resource: ResourceDescriptor<T>): ObjectReads<T> {
    const kind = this.kinds.get(resource.kind);
    if (!kind) throw new Error(`${resource.kind} was not listed`);
    // Each entry was made from a descriptor of that kind.
    return kind as unknown as ObjectReads<T>;
  }
}
