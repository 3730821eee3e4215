import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';

import { TestModeBanner } from '@/components/layout/test-mode-banner';
import { ThemeScript } from '@/components/layout/theme-script';
import { NONCE_HEADER } from '@/lib/http/security-headers';

import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Public Data API console', template: '%s · Public Data API' },
  description: 'Manage API keys, usage and billing for the Public Data API.',
  // Files in public/: the favicon, icons and web manifest.
  manifest: '/site.webmanifest',
  icons: {
    icon: [
      { url: '/favicon.ico', sizes: '32x32' },
      { url: '/icon.svg', type: 'image/svg+xml' },
    ],
    apple: '/apple-touch-icon.png',
  },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Set by proxy.ts on every page: the CSP lets only scripts with this response's nonce run.
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    // The theme script may add a class before hydration.
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript nonce={nonce} />
      </head>
      <body className="min-h-dvh bg-bg text-fg antialiased">
        <a
          href="#main"
          className="sr-only rounded bg-primary px-4 py-2 font-medium text-primary-fg focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50"
        >
          Skip to main content
        </a>
        <TestModeBanner />
        {children}
      </body>
    </html>
  );
}
