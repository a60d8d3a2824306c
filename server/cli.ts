import { isSetupError } from './setup-error';

export function log(line: string): void {
  console.log(`rackpilot: ${line}`);
}

/** Runs a command-line entry point: expected failures print one line, anything else its stack. */
export function runCli(main: () => Promise<void>): void {
  main().then(
    () => process.exit(),
    (error: unknown) => {
      if (isSetupError(error) || (error instanceof Error && error.name === 'ConfigError')) {
        console.error(`rackpilot: ${error.message}`);
      } else {
        console.error(error);
      }
      process.exit(1);
    },
  );
}

/** An AbortSignal that fires on the first SIGINT, SIGTERM or SIGHUP; later ones are ignored while stopping. */
export function stopSignal(): AbortSignal {
  const controller = new AbortController();
  const onSignal = () => {
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // A closed terminal: stop in order rather than die mid-write.
  process.on('SIGHUP', onSignal);
  return controller.signal;
}
