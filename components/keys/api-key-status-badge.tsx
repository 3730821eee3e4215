import type { ApiKeyStatus } from '@/lib/generated/prisma/enums';

import { Badge } from '@/components/ui/badge';

const LABELS: Record<
  ApiKeyStatus | 'expired' | 'ending',
  { text: string; tone: 'success' | 'warning' | 'neutral' | 'danger' }
> = {
  active: { text: 'Active', tone: 'success' },
  ending: { text: 'Being replaced', tone: 'warning' },
  revoked: { text: 'Revoked', tone: 'warning' },
  deleted: { text: 'Deleted', tone: 'neutral' },
  expired: { text: 'Expired', tone: 'danger' },
};

/**
 * A key's state; `expired` (past its expiry or a roll's grace end) wins over active and revoked,
 * and an active key a roll replaced is "Being replaced" until its end.
 */
export function ApiKeyStatusBadge({
  status,
  expired = false,
  ending = false,
}: {
  status: ApiKeyStatus;
  expired?: boolean;
  ending?: boolean;
}) {
  const label = LABELS[expired && status !== 'deleted' ? 'expired' : ending && status === 'active' ? 'ending' : status];
  return <Badge tone={label.tone}>{label.text}</Badge>;
}
