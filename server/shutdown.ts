/** How long one clean-up step may take before the next one runs anyway. */
const STEP_TIMEOUT_MS = 15_000;

/**
 * Clean-up steps run in reverse order of registration, each at most once, errors logged not thrown.
 * Each step is bounded: one that hangs (a peer that never answers) is given up on after
 * `stepTimeoutMs`, so the steps after it, stopping the database last of all, still run.
 */
export class Shutdown {
  private readonly steps: { name: string; run: () => Promise<void> | void }[] = [];
  private running: Promise<void> | undefined;

  constructor(private readonly stepTimeoutMs = STEP_TIMEOUT_MS) {}

  add(name: string, run: () => Promise<void> | void): void {
    this.steps.push({ name, run });
  }

  run(log: (line: string) => void): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.reverse()) {
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => {
            resolve('timeout');
          }, this.stepTimeoutMs);
        });
        try {
          const outcome = await Promise.race([Promise.resolve(step.run()), timedOut]);
          if (outcome === 'timeout')
            log(`stopping ${step.name} took over ${this.stepTimeoutMs / 1000} s; going on`);
        } catch (error) {
          log(`stopping ${step.name} failed: ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          clearTimeout(timer);
        }
      }
    })();
    return this.running;
  }
}
