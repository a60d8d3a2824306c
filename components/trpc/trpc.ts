import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@/server/api/root-router';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();
