'use client';

// The explorer's form check (validate-params.ts) reads the registry's zod schemas: the largest
// part of the explorer's JavaScript. Nothing it says shows before the user types or sends (a rule
// is a hint until a value breaks it), so it loads on the first edit or send, not with the page.
import { useCallback, useMemo, useState } from 'react';

import type { checkParams as CheckParams, ParamCheck } from '@/lib/explorer/validate-params';

type Check = typeof CheckParams;

let loading: Promise<Check> | null = null;
let loaded: Check | null = null;

/** validate-params' checkParams, imported once per page. */
function loadParamCheck(): Promise<Check> {
  loading ??= import('@/lib/explorer/validate-params').then((m) => (loaded = m.checkParams));
  return loading;
}

/** What the form shows before the check has loaded: nothing wrong yet (nothing was typed or sent). */
const NOT_CHECKED: ParamCheck = { message: null, code: null, fieldErrors: {} };

/** The check of `pairs` against `path`'s schema once loaded; `load` starts loading and gives the check. */
export function useParamCheck(
  path: string,
  pairs: readonly (readonly [string, string])[],
): { check: ParamCheck; load: () => Promise<Check> } {
  const [checkParams, setCheckParams] = useState<Check | null>(() => loaded);
  const load = useCallback(
    () =>
      loadParamCheck().then((fn) => {
        setCheckParams(() => fn);
        return fn;
      }),
    [],
  );
  const check = useMemo(() => (checkParams ? checkParams(path, pairs) : NOT_CHECKED), [checkParams, path, pairs]);
  return { check, load };
}
