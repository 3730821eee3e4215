// Which of an endpoint's cross-parameter rules the form's values break. A rule is a hint until a
// value breaks it: only then is it shown as an error. The check's messages are the gateway's own
// (toParameterError), so a rule is matched by the words its check writes.
import type { ParameterRule } from '@/lib/api/registry/params';

import type { ParamCheck } from './validate-params';

const quoted = (names: readonly string[]) => names.map((n) => `'${n}'`).join(' or ');

function breaks(rule: ParameterRule, message: string): boolean {
  if (rule.kind === 'exactly_one_of') return message.includes(`provide exactly one of ${quoted(rule.params)}`);
  if (rule.kind === 'at_least_one_of') return message === `Missing parameter: provide ${quoted(rule.params)}`;
  if (rule.kind === 'only_valid_with')
    return message.startsWith(`Invalid parameter '${rule.param}': only valid with ${rule.other} `);
  return message === rule.message;
}

/** The parameters a rule is about: its error is shown once one of them was touched. */
function ruleParams(rule: ParameterRule): string[] {
  if (rule.kind === 'exactly_one_of' || rule.kind === 'at_least_one_of') return rule.params;
  if (rule.kind === 'only_valid_with') return [rule.param, rule.other];
  return [rule.low, rule.high];
}

/** One flag per rule, in order: true when the values break it. */
export function brokenRules(rules: readonly ParameterRule[], check: ParamCheck): boolean[] {
  const messages = Object.values(check.fieldErrors).flat();
  return rules.map((rule) => messages.some((message) => breaks(rule, message)));
}

/**
 * What the form shows of a check: a field's errors and a rule's once one of its fields was
 * touched, and all of them once a send was tried.
 */
export function shownCheck(
  rules: readonly ParameterRule[],
  check: ParamCheck,
  attempted: boolean,
  touched: ReadonlySet<string>,
): { fieldErrors: Record<string, string[]>; brokenRules: boolean[] } {
  return {
    fieldErrors: Object.fromEntries(
      Object.entries(check.fieldErrors).filter(([name]) => attempted || touched.has(name)),
    ),
    brokenRules: brokenRules(rules, check).map(
      (broken, i) => broken && (attempted || ruleParams(rules[i]!).some((name) => touched.has(name))),
    ),
  };
}
