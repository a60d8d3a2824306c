/** What the rest of the server may use of the controllers' shared pieces. */
export type { WithConditions } from './ready-condition';
