// Money as the console shows it: micro-dollars and cents to dollars, exactly (integers only).
export function formatMicros(micros: bigint | number): string {
  const value = BigInt(micros);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const dollars = abs / 1_000_000n;
  const fraction = String(abs % 1_000_000n).padStart(6, '0').replace(/0{1,4}$/, '');
  return `${negative ? '-' : ''}$${dollars.toLocaleString('en-US')}.${fraction.padEnd(2, '0')}`;
}

export function formatCents(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
