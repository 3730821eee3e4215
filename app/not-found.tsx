import Link from 'next/link';

export default function NotFound() {
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-3 px-4">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-muted">There is nothing at this address.</p>
      <Link href="/" className="font-medium text-primary underline">
        Go to the start page
      </Link>
    </main>
  );
}
