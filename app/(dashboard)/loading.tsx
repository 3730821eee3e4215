import { PageSkeleton } from '@/components/layout/page-skeleton';

export default function DashboardLoading() {
  return <PageSkeleton label="Loading…" blocks={[12]} />;
}
