// The explorer form's rules between parameters (exactly one of two, a range's low below its
// high…), each marked while the values break it.

/** `brokenRules`: one flag per rule, true when the values break it (and that is shown). */
export function ParamRules({ ruleTexts, brokenRules }: { ruleTexts: string[]; brokenRules: boolean[] }) {
  return (
    <div className="flex flex-col gap-0.5 text-xs">
      <p id="explorer-rules-title" className="font-medium text-muted">
        {ruleTexts.length === 1 ? 'Rule between parameters' : 'Rules between parameters'}
      </p>
      <ul aria-labelledby="explorer-rules-title" data-testid="explorer-rules" className="flex flex-col gap-0.5">
        {ruleTexts.map((rule, i) =>
          brokenRules[i] ? (
            <li key={rule} id={`explorer-rule-${i}`} data-broken="" className="font-medium text-danger">
              <span className="sr-only">Not met: </span>
              {rule}
            </li>
          ) : (
            <li key={rule} id={`explorer-rule-${i}`} className="text-muted">
              {rule}
            </li>
          ),
        )}
      </ul>
    </div>
  );
}
