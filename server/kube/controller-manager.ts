import type { Controller } from './controller';
import type { LeaderElector } from './leader-election';

/**
 * Starts the controllers while this replica holds the lease and stops them when it loses it. Every
 * replica keeps its informers running either way, so every replica can serve the console.
 */
export class ControllerManager {
  private running = false;
  private transition: Promise<void> = Promise.resolve();

  constructor(
    private readonly controllers: Controller[],
    private readonly log: (line: string) => void,
  ) {}

  get active(): boolean {
    return this.running;
  }

  callbacks(): { onStartedLeading(): void; onStoppedLeading(): void } {
    return {
      onStartedLeading: () => {
        this.transition = this.transition.then(() => {
          this.startControllers();
        });
      },
      onStoppedLeading: () => {
        this.transition = this.transition.then(() => this.stopControllers());
      },
    };
  }

  /** Runs the controllers under the elector, or at once when there is none (single replica). */
  start(elector: LeaderElector | undefined): void {
    if (elector) elector.start();
    else this.startControllers();
  }

  /** Stops the controllers, then gives up the lease: the next holder never reconciles beside them. */
  async stop(elector: LeaderElector | undefined): Promise<void> {
    const drain = async () => {
      await this.transition;
      await this.stopControllers();
    };
    await elector?.stop(drain);
    await drain();
  }

  private startControllers(): void {
    if (this.running) return;
    this.running = true;
    for (const controller of this.controllers) controller.start();
    if (this.controllers.length > 0) {
      this.log(`controllers running: ${this.controllers.map((c) => c.name).join(', ')}`);
    }
  }

  private async stopControllers(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await Promise.all(this.controllers.map((controller) => controller.stop()));
  }
}
