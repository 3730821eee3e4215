'use client';

import { useMemo, useState } from 'react';

import { emotionNames, percent, polarities, summarizeSentiment, type SentimentRecord } from '@/lib/explorer/sentiment';

/** Records listed at once; more on request (a 40-page call has a thousand). */
const RECORD_BATCH = 20;

const recordCount = (n: number) => `${n} ${n === 1 ? 'record' : 'records'}`;

function Bar({ label, value, max, suffix = '' }: { label: string; value: number; max: number; suffix?: string }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr_3rem] items-center gap-2 text-xs">
      <span>{label}</span>
      <span className="h-2.5 overflow-hidden rounded-full bg-surface ring-1 ring-border" aria-hidden="true">
        <span
          className="block h-full rounded-full bg-primary"
          style={{ width: `${max === 0 ? 0 : (value / max) * 100}%` }}
        />
      </span>
      <span className="text-right tabular-nums">
        {value}
        {suffix}
      </span>
    </div>
  );
}

/** get_sentiment=true: the spread of dominant emotions and polarity, and each record's emotions. */
export function SentimentView({ records: list }: { records: SentimentRecord[] }) {
  const summary = useMemo(() => summarizeSentiment(list), [list]);
  const [limit, setLimit] = useState(RECORD_BATCH);
  const analysed = summary.records - summary.withoutSignal;
  return (
    <section
      aria-labelledby="explorer-sentiment-title"
      className="flex flex-col gap-4 rounded-md border border-border p-3"
    >
      <h3 id="explorer-sentiment-title" className="font-semibold">
        Emotions
      </h3>
      <p className="text-xs text-muted">
        {recordCount(summary.records)}, {analysed} with a signal
        {summary.withoutSignal ? `, ${summary.withoutSignal} without (sentiment null)` : ''}.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <figure className="flex flex-col gap-1">
          <figcaption className="text-sm font-medium">Dominant emotion</figcaption>
          <dl className="sr-only">
            {emotionNames.map((e) => (
              <div key={e}>
                <dt>{e}</dt>
                <dd>dominant in {recordCount(summary.dominant[e])}</dd>
              </div>
            ))}
          </dl>
          {emotionNames.map((e) => (
            <Bar key={e} label={e} value={summary.dominant[e]} max={analysed} />
          ))}
        </figure>
        <figure className="flex flex-col gap-1">
          <figcaption className="text-sm font-medium">Polarity</figcaption>
          <dl className="sr-only">
            {polarities.map((p) => (
              <div key={p}>
                <dt>{p}</dt>
                <dd>{percent(summary.polarity[p], analysed)}%</dd>
              </div>
            ))}
          </dl>
          {polarities.map((p) => (
            <Bar key={p} label={p} value={percent(summary.polarity[p], analysed)} max={100} suffix="%" />
          ))}
        </figure>
      </div>
      <ol className="flex flex-col gap-3" aria-label="Records with their emotions">
        {list.slice(0, limit).map((record, i) => (
          <li key={i} className="grid gap-2 border-t border-border pt-3 md:grid-cols-2">
            <p className="line-clamp-4 text-sm">{record.text || <span className="text-muted">(no text)</span>}</p>
            {record.sentiment ? (
              <div
                className="flex flex-col gap-0.5"
                aria-label={`Emotions: ${record.sentiment.dominant_emotion}, ${record.sentiment.polarity}`}
                role="group"
              >
                {emotionNames.map((e) => (
                  <Bar key={e} label={e} value={record.sentiment!.emotions[e]} max={100} />
                ))}
              </div>
            ) : (
              <p className="text-xs text-muted">No emotional signal in this text.</p>
            )}
          </li>
        ))}
      </ol>
      {list.length > limit ? (
        <button
          type="button"
          className="self-start text-sm text-primary underline"
          onClick={() => setLimit((l) => l + RECORD_BATCH)}
        >
          Show {recordCount(Math.min(RECORD_BATCH, list.length - limit)).replace(/ /, ' more ')}
        </button>
      ) : null}
    </section>
  );
}
