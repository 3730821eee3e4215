// The JSON a receiver gets: the stored event as { id, type, created (UTC, ISO 8601), data }.

type WebhookPayload = { id: string; type: string; created: string; data: unknown };

export function webhookPayload(event: { id: string; type: string; createdAt: Date; data: unknown }): string {
  const payload: WebhookPayload = {
    id: event.id,
    type: event.type,
    created: event.createdAt.toISOString(),
    data: event.data,
  };
  return JSON.stringify(payload);
}
