'use client';

import type { ParamField as Field } from '@/lib/docs/endpoint-model';
import { fieldHint } from '@/lib/explorer/form-values';

const control =
  'min-h-10 w-full rounded-md border border-border bg-raised px-3 text-base text-fg placeholder:text-muted aria-invalid:border-danger';

/** One parameter's field, from its schema: a select for enums and booleans, else a text input. */
export function ParamField({
  field,
  value,
  ruleIds,
  errors,
  onChange,
}: {
  field: Field;
  value: string;
  /** Ids of the rules (drawn once, above the fields) that name this parameter. */
  ruleIds: string[];
  errors: string[];
  onChange: (value: string) => void;
}) {
  const id = `param-${field.name}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const options = field.type === 'boolean' ? ['true', 'false'] : field.enum;
  const blankLabel =
    field.default !== undefined ? `Default (${String(field.default)})` : field.required ? 'Choose…' : 'Not set';
  const common = {
    id,
    name: field.name,
    value,
    'aria-required': field.required || undefined,
    'aria-invalid': errors.length > 0 || undefined,
    'aria-describedby': [hintId, ...ruleIds, ...(errors.length > 0 ? [errorId] : [])].join(' '),
    className: control,
  };
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="font-mono text-sm font-medium">
        {field.name}
        {field.required ? (
          <>
            <span aria-hidden="true" className="text-danger">
              {' '}
              *
            </span>
            <span className="sr-only"> (required)</span>
          </>
        ) : null}
      </label>
      {options ? (
        <select {...common} onChange={(e) => onChange(e.target.value)}>
          <option value="">{blankLabel}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type="text"
          inputMode={field.type === 'integer' ? 'numeric' : field.type === 'number' ? 'decimal' : undefined}
          placeholder={
            field.default !== undefined ? String(field.default) : field.format === 'date' ? 'YYYY-MM-DD' : undefined
          }
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <div id={hintId} className="flex flex-col gap-0.5 text-xs text-muted">
        <span>{fieldHint(field)}</span>
        {field.description ? <span>{field.description}</span> : null}
      </div>
      {errors.length > 0 ? (
        <ul id={errorId} className="text-sm text-danger">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
