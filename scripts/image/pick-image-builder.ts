/** The first image builder installed, buildah before podman (podman builds through buildah's code). */
export function pickImageBuilder(installed: (command: string) => boolean): 'buildah' | 'podman' | undefined {
  return (['buildah', 'podman'] as const).find((command) => installed(command));
}
