import { OverviewPanel } from '@/components/overview/overview-panel';

export default function OverviewPage() {
  return <OverviewPanel />;
}
