// Clients of the production API server under load, for the crash tests (durability.test.ts,
// prepaid-durability.test.ts): each calls a forum endpoint in a loop, retrying while the server
// is down, and keeps what it received.

export interface Received {
  id: string;
  units: number;
  pages: number;
}

/** Clients that call until told to stop, keeping what they received. */
export function load(port: number, key: string, clients: number, received: Received[]) {
  let running = true;
  const watchers: { count: number; resolve: () => void }[] = [];
  const loops = Array.from({ length: clients }, async (_, c) => {
    for (let i = 0; running; i++) {
      const pages = 1 + ((c + i) % 4);
      try {
        const r = await fetch(
          `http://127.0.0.1:${port}/v1/forumsite/community/posts?community=load${c % 3}&pages=${pages}`,
          {
            headers: { 'x-api-key': key },
          },
        );
        const body = (await r.json()) as { pages?: number };
        if (r.status === 200) {
          received.push({
            id: r.headers.get('x-request-id')!,
            units: Number(r.headers.get('x-billed-units')),
            pages: body.pages!,
          });
          for (const w of watchers.filter((w) => received.length >= w.count)) {
            watchers.splice(watchers.indexOf(w), 1);
            w.resolve();
          }
        }
      } catch {
        if (!running) return;
        await new Promise((r) => setTimeout(r, 20)); // the server is down: retry shortly
      }
    }
  });
  return {
    /** Resolves once the clients have received `count` responses in all. */
    whenReceived(count: number): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve) => watchers.push({ count, resolve }));
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
