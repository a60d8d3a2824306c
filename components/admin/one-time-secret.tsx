/** A secret shown once (a generated password, a screen URL): it is not stored where it could be shown again. */
export function OneTimeSecret({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded border border-amber-700 bg-amber-950/50 p-3 text-sm" role="status">
      <p className="text-amber-200">{label} — shown only now:</p>
      <code className="mt-1 block break-all font-mono text-amber-50" data-testid={testId}>
        {value}
      </code>
    </div>
  );
}
