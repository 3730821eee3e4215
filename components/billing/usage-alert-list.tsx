import { DateTime } from '@/components/ui/date-time';
import { buttonClasses } from '@/components/ui/button';
import { Table, TD, TH, THead, TR } from '@/components/ui/table';
import { deleteUsageAlertAction } from '@/lib/actions/usage-alerts';
import { formatAmount } from '@/lib/money';
import type { UsageAlertRow } from '@/lib/server/alerts/list-usage-alerts';

function alertInWords(alert: UsageAlertRow): string {
  const what = `${alert.metric === 'spend' ? 'Spend' : 'Units'} in a UTC ${alert.period}`;
  if (alert.basis === 'amount') {
    const amount = alert.metric === 'spend' ? formatAmount(alert.amount ?? 0n) : `${alert.amount ?? 0n} units`;
    return `${what} reaching ${amount}`;
  }
  const of = alert.basis === 'cap' ? 'the spending cap' : 'the key’s monthly limit';
  return `${what} at ${alert.thresholds.map((t) => `${t} %`).join(', ') || 'no threshold'} of ${of}`;
}

/** The account's alerts (its cap alerts first, then its own and its keys'), each removable. */
export function UsageAlertList({ alerts }: { alerts: UsageAlertRow[] }) {
  if (!alerts.length)
    return <p className="text-sm text-muted">No alerts yet. Setting a spending cap adds its alert.</p>;
  return (
    <Table caption="Your usage alerts">
      <THead>
        <tr>
          <TH>Alert</TH>
          <TH>For</TH>
          <TH>Last told</TH>
          <TH>Change</TH>
        </tr>
      </THead>
      <tbody>
        {alerts.map((alert) => (
          <TR key={alert.id}>
            <TD>
              {alert.thresholds.length ? alertInWords(alert) : `${alertInWords(alert)} (silenced)`}
              {alert.builtIn ? <span className="text-muted"> · cap alert</span> : null}
            </TD>
            <TD className="break-all">
              {alert.keyLabel ?? 'The account'}
              {alert.endpoint ? ` · ${alert.endpoint}` : ''}
            </TD>
            <TD className="whitespace-nowrap">
              {alert.lastFired ? (
                <>
                  {alert.lastFired.threshold} % in {alert.lastFired.period} (
                  <DateTime value={alert.lastFired.createdAt} />)
                </>
              ) : (
                'Not yet'
              )}
            </TD>
            <TD>
              {alert.builtIn && !alert.thresholds.length ? null : (
                <form action={deleteUsageAlertAction}>
                  <input type="hidden" name="alertId" value={alert.id} />
                  <button
                    type="submit"
                    className={buttonClasses('secondary', 'sm')}
                    aria-label={`${alert.builtIn ? 'Silence' : 'Remove'}: ${alertInWords(alert)}`}
                  >
                    {alert.builtIn ? 'Silence' : 'Remove'}
                  </button>
                </form>
              )}
            </TD>
          </TR>
        ))}
      </tbody>
    </Table>
  );
}
