'use client';

// A new alert's fields: what to watch, per day or month, at percentages or an amount, and for
// which endpoint. The amount's label and hint follow the choices as they change.
import { useId, useState } from 'react';

import { Input } from '@/components/ui/input';
import type { ActionState } from '@/lib/actions/action-state';
import { DEFAULT_THRESHOLDS } from '@/lib/usage-alert-defaults';

type Option = { value: string; label: string };

function Select({
  label,
  name,
  options,
  value,
  onChange,
  errors,
}: {
  label: string;
  name: string;
  options: Option[];
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
        className="min-h-10 w-full rounded-md border border-border bg-raised px-3 text-base text-fg aria-invalid:border-danger"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {errors?.length ? (
        <ul id={`${id}-error`} className="text-sm text-danger">
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function AlertFields({ keyId, state }: { keyId?: string; state: ActionState }) {
  const values = state.status === 'error' ? state.values : undefined;
  const [metric, setMetric] = useState(values?.metric || 'spend');
  const [period, setPeriod] = useState(values?.period || 'month');
  const [basis, setBasis] = useState(values?.basis || (keyId ? 'key_limit' : 'cap'));
  const percent = basis !== 'amount';
  const bases: Option[] = [
    keyId
      ? { value: 'key_limit', label: 'Percent of the key’s monthly limit' }
      : { value: 'cap', label: 'Percent of the spending cap' },
    { value: 'amount', label: 'An amount' },
  ];
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-3">
        <Select
          label="Watch"
          name="metric"
          value={metric}
          onChange={setMetric}
          options={[
            { value: 'spend', label: 'Spend (USD)' },
            { value: 'units', label: 'Units' },
          ]}
          errors={state.fieldErrors?.metric}
        />
        <Select
          label="Per"
          name="period"
          value={period}
          onChange={setPeriod}
          options={[
            { value: 'month', label: 'Month (UTC)' },
            { value: 'day', label: 'Day (UTC)' },
          ]}
          errors={state.fieldErrors?.period}
        />
        <Select
          label="Alert at"
          name="basis"
          value={basis}
          onChange={setBasis}
          options={bases}
          errors={state.fieldErrors?.basis}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {percent ? (
          <Input
            label="Thresholds (%)"
            name="thresholds"
            hint="Comma-separated, e.g. 50, 80, 100. Each is told once per period."
            defaultValue={values?.thresholds || DEFAULT_THRESHOLDS.join(', ')}
            errors={state.fieldErrors?.thresholds}
            autoComplete="off"
          />
        ) : (
          <>
            <input type="hidden" name="thresholds" value="100" />
            <Input
              label={metric === 'spend' ? 'Amount (USD)' : 'Amount (units)'}
              name="amount"
              inputMode={metric === 'spend' ? 'decimal' : 'numeric'}
              hint={`Told once when the ${period}’s ${metric === 'spend' ? 'spend' : 'units'} reach it.`}
              defaultValue={values?.amount ?? ''}
              errors={state.fieldErrors?.amount}
              autoComplete="off"
            />
          </>
        )}
        <Input
          label="Endpoint (optional)"
          name="endpoint"
          hint="Only this endpoint’s calls, e.g. /v1/shop/products. Blank: all."
          defaultValue={values?.endpoint ?? ''}
          errors={state.fieldErrors?.endpoint}
          autoComplete="off"
        />
      </div>
    </>
  );
}
