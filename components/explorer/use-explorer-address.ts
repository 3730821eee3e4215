// The explorer's address follows the endpoint and its parameters (never a key: explorerLink
// leaves them out), so a reload opens the same form. A new endpoint is a new history entry, so
// Back returns to the previous one; a changed parameter replaces the current entry.
import { useEffect, useRef } from 'react';

import { explorerLink, readShareLink } from '@/lib/explorer/share-link';

export function useExplorerAddress(
  path: string,
  pairs: readonly (readonly [string, string])[],
  /**
   * Called on Back and Forward with the address's endpoint (null without one) and parameters;
   * returns the endpoint the form now shows.
   */
  onNavigate: (path: string | null, params: [string, string][]) => string,
): void {
  const link = explorerLink(path, pairs);
  const shownPath = useRef(path);
  const navigate = useRef(onNavigate);
  navigate.current = onNavigate;

  useEffect(() => {
    const isNewEndpoint = shownPath.current !== path;
    shownPath.current = path;
    if (window.location.pathname + window.location.search === link) return;
    if (isNewEndpoint) window.history.pushState(null, '', link);
    else window.history.replaceState(null, '', link);
  }, [link, path]);

  useEffect(() => {
    function onPopState() {
      const fromUrl = readShareLink(new URLSearchParams(window.location.search));
      // Noted before the form re-renders, so the change is not pushed as a new entry.
      shownPath.current = navigate.current(fromUrl.path, fromUrl.params);
    }
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
}
