'use client';

import { useSyncExternalStore } from 'react';

type Theme = 'light' | 'dark';

function currentTheme(): Theme {
  const root = document.documentElement;
  if (root.classList.contains('dark')) return 'dark';
  if (root.classList.contains('light')) return 'light';
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', listener);
  };
}

function setTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  try {
    localStorage.setItem('theme', theme);
  } catch {
    // Storage may be blocked; the choice then lasts for this page only.
  }
  listeners.forEach((listener) => listener());
}

/**
 * Switches between light and dark; the choice is remembered (see ThemeScript). Its label says
 * what a press will do ("Switch to dark theme"), which a toggle's pressed state on a fixed
 * "Dark mode" label left to guesswork.
 */
export function ThemeToggle() {
  // The server cannot know the theme; render a neutral label until hydration.
  const theme = useSyncExternalStore<Theme | null>(subscribe, currentTheme, () => null);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => setTheme(next)}
      className="inline-flex min-h-9 min-w-9 items-center justify-center gap-1 rounded-md border border-border bg-raised px-2 text-sm hover:bg-surface"
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
      {theme === null ? (
        <span className="sr-only sm:not-sr-only">Switch theme</span>
      ) : (
        // Visible "Dark theme", heard "Switch to dark theme" (the visible words are in the name).
        <span className="sr-only sm:not-sr-only">
          <span className="sr-only">Switch to </span>
          <span className="capitalize">{next}</span> theme
        </span>
      )}
    </button>
  );
}
