/** The requested Ironic version and what the controller reports installed, each said once. */
export function versionText(requested: string, installed: string | undefined): string {
  if (installed === undefined) return `${requested} (not installed yet)`;
  if (installed === requested) return requested;
  return `${requested} requested, ${installed} installed`;
}
