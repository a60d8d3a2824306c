import { overviewRouter } from './overview/overview-router';
import { router } from './trpc';

export const appRouter = router({
  overview: overviewRouter,
});

export type AppRouter = typeof appRouter;
