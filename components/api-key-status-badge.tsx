import type { ApiKeyStatus } from '@/lib/generated/prisma/enums';

import { Badge } from '@/components/ui/badge';

const LABELS: Record<ApiKeyStatus | 'expired', { text: string; tone: 'success' | 'warning' | 'neutral' | 'danger' }> = {
  active: { text: 'Active', tone: 'success' },
  revoked: { text: 'Revoked', tone: 'warning' },
  deleted: { text: 'Deleted', tone: 'neutral' },
  expired: { text: 'Expired', tone: 'danger' },
};

/** A key's state; `expired` (past its expiry or a roll's grace end) wins over active and revoked. */
export function ApiKeyStatusBadge({ status, expired = false }: { status: ApiKeyStatus; expired?: boolean }) {
  const label = LABELS[expired && status !== 'deleted' ? 'expired' : status];
  return <Badge tone={label.tone}>{label.text}</Badge>;
}
