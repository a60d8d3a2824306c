// The first write every work floor makes: the controller's finalizer on the object it was created as.

export interface FinalizerPatch {
  metadata: { resourceVersion?: string; finalizers: string[] };
}

/** The merge patch that adds `finalizer`, guarded by the version the create returned. */
export function finalizerPatch(
  object: { metadata: { resourceVersion?: string; finalizers?: string[] } },
  finalizer: string,
): FinalizerPatch {
  return {
    metadata: {
      resourceVersion: object.metadata.resourceVersion,
      finalizers: [...(object.metadata.finalizers ?? []), finalizer],
    },
  };
}
