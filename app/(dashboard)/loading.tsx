import { PageSkeleton } from '@/components/page-skeleton';

export default function DashboardLoading() {
  return <PageSkeleton label="Loading…" blocks={[12]} />;
}
