-- CreateTable
CREATE TABLE "NewsFeed" (
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "etag" TEXT,
    "lastModified" TEXT,
    "lastFetchedAt" TIMESTAMP(3),
    "lastStatus" INTEGER,
    "lastSuccessAt" TIMESTAMP(3),
    "lastError" TEXT,
    "lastErrorAt" TIMESTAMP(3),
    "retryAfter" TIMESTAMP(3),

    CONSTRAINT "NewsFeed_pkey" PRIMARY KEY ("url")
);

-- CreateTable
CREATE TABLE "NewsArticle" (
    "feedUrl" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "snippet" TEXT NOT NULL,
    "author" TEXT NOT NULL,
    "imageUrl" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "date" TIMESTAMP(3) NOT NULL,
    "dated" BOOLEAN NOT NULL,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "NewsArticle_pkey" PRIMARY KEY ("feedUrl","url")
);

-- CreateIndex
CREATE INDEX "NewsArticle_firstSeenAt_idx" ON "NewsArticle"("firstSeenAt");

-- AddForeignKey
ALTER TABLE "NewsArticle" ADD CONSTRAINT "NewsArticle_feedUrl_fkey" FOREIGN KEY ("feedUrl") REFERENCES "NewsFeed"("url") ON DELETE CASCADE ON UPDATE CASCADE;

-- GET /v1/news/articles searches title and snippet (lib/api/providers/live/news/search.ts uses this
-- very expression): the 'simple' configuration, no stemming or stop words, for feeds in any language.
CREATE INDEX "NewsArticle_search_idx" ON "NewsArticle" USING GIN (to_tsvector('simple', "title" || ' ' || "snippet"));
