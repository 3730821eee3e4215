import { PageSkeleton } from '@/components/layout/page-skeleton';

export default function KeysLoading() {
  return <PageSkeleton label="Loading your API keys…" blocks={[7, 16, 12]} />;
}
