import { WallBoard } from '@/components/wall/wall-board';
import { getRuntime } from '@/server/runtime';

export const metadata = { title: 'Fleet status · Rackpilot' };

export default function WallPage() {
  // The build this page was rendered by; the board reloads when the server reports another one.
  return <WallBoard buildId={getRuntime()?.buildId ?? ''} />;
}
