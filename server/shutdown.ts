/** Clean-up steps run in reverse order of registration, each at most once, errors logged not thrown. */
export class Shutdown {
  private readonly steps: { name: string; run: () => Promise<void> | void }[] = [];
  private running: Promise<void> | undefined;

  add(name: string, run: () => Promise<void> | void): void {
    this.steps.push({ name, run });
  }

  run(log: (line: string) => void): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.reverse()) {
        try {
          await step.run();
        } catch (error) {
          log(`stopping ${step.name} failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })();
    return this.running;
  }
}
