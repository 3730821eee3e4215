import { DateTime } from '@/components/ui/date-time';
import type { NewsFeedStatus } from '@/lib/api/providers/live/news/status';

function hostOf(url: string): string {
  return new URL(url).host;
}

/** A feed fails when its last error is newer than its last success (or it never succeeded). */
function failing(feed: NewsFeedStatus): boolean {
  return feed.lastErrorAt !== null && (feed.lastSuccessAt === null || feed.lastErrorAt > feed.lastSuccessAt);
}

/** /status, live news: each listed feed's last success and last error, as the worker's job left them. */
export function NewsFeedList({ feeds }: { feeds: readonly NewsFeedStatus[] }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-muted">Feeds:</p>
      <ul className="flex list-none flex-col gap-2" aria-label="News feeds">
        {feeds.map((feed) => (
          <li key={feed.url} data-feed={feed.url} className="flex min-w-0 flex-col gap-0.5 border-t border-border pt-2">
            <span className="break-all font-medium" title={feed.url}>
              {feed.title || hostOf(feed.url)}
              {failing(feed) ? <span className="text-danger"> (failing)</span> : null}
            </span>
            <span className="break-all font-mono text-xs text-muted">{feed.url}</span>
            <span>
              <span className="text-muted">Last success: </span>
              <DateTime value={feed.lastSuccessAt} fallback={feed.lastFetchedAt ? 'never' : 'not read yet'} />
              {feed.lastSuccessAt ? (
                <span className="text-muted">
                  {' '}
                  ({feed.articles.toLocaleString('en-US')} articles stored
                  {feed.lastStatus === 304 ? ', unchanged since' : ''})
                </span>
              ) : null}
            </span>
            {feed.lastError ? (
              <span>
                <span className="text-muted">Last error: </span>
                <DateTime value={feed.lastErrorAt} />
                <span className={failing(feed) ? 'text-danger' : 'text-muted'}> {feed.lastError}</span>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
