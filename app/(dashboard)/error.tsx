'use client';

import { Button } from '@/components/ui/button';

export default function DashboardError({ reset }: { error: Error; reset: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-danger bg-danger-soft p-6">
      <h1 className="text-lg font-semibold">Something went wrong</h1>
      <p className="text-sm">This page could not be loaded. Try again in a moment.</p>
      <Button onClick={reset}>Try again</Button>
    </div>
  );
}
