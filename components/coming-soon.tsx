/** An honest placeholder for a console section that is not built yet. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-4">
      <h1 id="page-title" className="text-2xl font-semibold">
        {title}
      </h1>
      <div className="rounded-lg border border-dashed border-border bg-surface p-6">
        <p className="font-medium">Coming soon</p>
        <p className="mt-1 text-sm text-muted">{description}</p>
      </div>
    </section>
  );
}
