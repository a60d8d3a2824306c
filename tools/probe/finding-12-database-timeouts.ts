import { MAX_BATCH_CALLS } from '../../server/schemas/batch-limit';
import { probeClient } from './signin-attempts';
import type { EdgeProbe } from './edge-probe';

/**
 * As many calls at once as one caller may have running and waiting by default (finding 16): more would be
 * refused with 429 by design, which says nothing about the database.
 */
const CALLS = MAX_BATCH_CALLS;

/**
 * From outside, the database's limits show only as promptness: a burst of signed-in calls that each
 * read the database (the session lookup, and the audit retention setting) must all be answered, none
 * left queueing. The timeouts themselves are proven by the integration test against PostgreSQL.
 */
export const databaseTimeoutsProbe: EdgeProbe = {
  finding: 12,
  title: 'Database calls answer promptly under a burst',
  needsCredentials: true,
  async run(target, signal) {
    if (!target.credentials) throw new Error('needs credentials');
    const client = await probeClient(target, signal);
    const answers = await Promise.all(
      Array.from({ length: CALLS }, () =>
        Promise.race([
          client.query('access.auditRetention').then((answer) => answer.status),
          new Promise<number>((resolve) => {
            signal.addEventListener('abort', () => {
              resolve(0);
            });
          }),
        ]),
      ),
    );
    const unanswered = answers.filter((status) => status === 0).length;
    const failed = answers.filter((status) => status !== 200 && status !== 0);
    return {
      held: unanswered === 0 && failed.length === 0,
      detail:
        `${CALLS} concurrent access.auditRetention reads: ${answers.length - unanswered} answered` +
        (failed.length ? `, ${failed.length} failed (first ${failed[0]})` : '') +
        (unanswered ? `, ${unanswered} unanswered before the timeout` : ''),
    };
  },
};
