'use client';

import { useMutation } from '@tanstack/react-query';
import type { MachineRef } from '@/server/schemas/provision-form';
import { useTRPC } from '../trpc/trpc';
import { errorText } from '../ui/errors';

/** Retry and release of one PlunderMachine; each reports its own error text. */
export function useMachineActions() {
  const trpc = useTRPC();
  const retry = useMutation(trpc.hardware.retry.mutationOptions());
  const release = useMutation(trpc.hardware.release.mutationOptions());
  return {
    retry: (machine: MachineRef) => retry.mutateAsync(machine),
    release: (machine: MachineRef) => release.mutateAsync(machine),
    retrying: retry.isPending ? retry.variables : undefined,
    releasing: release.isPending ? release.variables : undefined,
    retryError: errorText(retry.error),
    releaseError: errorText(release.error),
    resetRelease: release.reset,
  };
}
