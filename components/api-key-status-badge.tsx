import type { ApiKeyStatus } from '@/lib/generated/prisma/enums';

import { Badge } from '@/components/ui/badge';

const LABELS: Record<ApiKeyStatus, { text: string; tone: 'success' | 'warning' | 'neutral' }> = {
  active: { text: 'Active', tone: 'success' },
  revoked: { text: 'Revoked', tone: 'warning' },
  deleted: { text: 'Deleted', tone: 'neutral' },
};

export function ApiKeyStatusBadge({ status }: { status: ApiKeyStatus }) {
  const label = LABELS[status];
  return <Badge tone={label.tone}>{label.text}</Badge>;
}
