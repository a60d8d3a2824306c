/**
 * The attacks of the edge review (docs/security.md), each as a function that runs against a live console.
 * The same function is the regression test's attack and a line of `npm run probe:edges`, so the check an
 * operator runs against a deployment is the one the test suite proves.
 */
export interface ProbeTarget {
  /** The console's base URL (the boot service answers on the same address). */
  url: string;
  /** An operator or admin account the probe may sign in as; probes that need one are not run without it. */
  credentials?: { username: string; password: string };
  /** An admin account, for probes that change a user's rights; those are not run without it. */
  admin?: { username: string; password: string };
  /**
   * Each replica's own URL, when the console runs several behind `url`: probes of state shared between
   * replicas open connections on every one of them.
   */
  replicas?: string[];
}

export interface ProbeOutcome {
  held: boolean;
  /** One line: what was tried and what the server did. */
  detail: string;
}

export interface EdgeProbe {
  /** The finding's number in docs/security.md. */
  finding: number;
  title: string;
  needsCredentials: boolean;
  /** It signs in as `admin` (ProbeTarget) to create a throw-away user and change its role. */
  needsAdmin?: boolean;
  /**
   * It sends wrong passwords, which use up the caller's sign-in allowance for a while; the runner puts
   * these last so the other probes' sign-ins do not wait behind them.
   */
  spendsSignInAttempts?: boolean;
  run(target: ProbeTarget, signal: AbortSignal): Promise<ProbeOutcome>;
}
