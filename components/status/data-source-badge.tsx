import { Badge } from '@/components/ui/badge';
import type { DataSource } from '@/lib/api/providers/sources';

const labels: Record<DataSource, { text: string; tone: 'success' | 'neutral' | 'warning' }> = {
  live: { text: 'Live data', tone: 'success' },
  upstream: { text: 'Upstream service', tone: 'neutral' },
  sandbox: { text: 'Sandbox data', tone: 'warning' },
};

/** A family's source in words: live, upstream or sandbox. */
export function DataSourceBadge({ source }: { source: DataSource }) {
  return <Badge tone={labels[source].tone}>{labels[source].text}</Badge>;
}
