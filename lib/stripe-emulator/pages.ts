// The emulator's hosted pages, standing in for Stripe's: Checkout in setup mode ("Card number",
// "Save card") and in payment mode ("Pay $…"), the customer portal, and the hosted invoice with
// its PDF. Plain, accessible HTML that follows the visitor's light or dark preference.
import type { Obj } from './billing';

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Stripe emulator</title><style>
:root{color-scheme:light dark;--bg:#fff;--fg:#111827;--muted:#4b5563;--line:#d1d5db;--accent:#1d4ed8;--danger:#b91c1c}
@media (prefers-color-scheme:dark){:root{--bg:#0b1220;--fg:#f3f4f6;--muted:#9ca3af;--line:#374151;--accent:#60a5fa;--danger:#fca5a5}}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,sans-serif}
main{max-width:28rem;margin:3rem auto;padding:0 1rem}h1{font-size:1.4rem}p,.muted{color:var(--muted)}
label{display:block;font-weight:600;margin-top:1rem}input{box-sizing:border-box;width:100%;padding:.6rem;font:inherit;border:1px solid var(--line);border-radius:.4rem;background:transparent;color:inherit}
input[type=radio]{width:auto;margin-right:.5rem}fieldset{margin-top:1rem;border:1px solid var(--line);border-radius:.4rem}fieldset label{font-weight:400}
button,.button{display:inline-block;margin-top:1rem;padding:.6rem 1rem;font:inherit;border:0;border-radius:.4rem;background:var(--accent);color:var(--bg);cursor:pointer;text-decoration:none}
button.secondary{background:transparent;color:var(--accent);border:1px solid var(--line)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}.error{color:var(--danger);font-weight:600}
.badge{display:inline-block;font-size:.8rem;border:1px solid var(--line);border-radius:999px;padding:0 .5rem}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.4rem 0;border-bottom:1px solid var(--line)}
</style></head><body><main><p><span class="badge">Test mode · Stripe emulator</span></p>${body}</main></body></html>`;
}

const money = (cents: unknown) => `$${(Number(cents) / 100).toFixed(2)}`;

const TEST_CARDS =
  'Test cards: 4242 4242 4242 4242 (works), 4000 0000 0000 0341 (charges fail), 4000 0000 0000 9995 (insufficient funds), 4000 0000 0000 0002 (declined).';

const cardField = `<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required aria-describedby="card-hint">
<p id="card-hint" class="muted">${TEST_CARDS}</p>`;

export function checkoutPage(session: Obj, error?: string): string {
  const alert = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  const cancel = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>` : '';
  return page(
    'Save a card',
    `<h1>Save a card for future payments</h1>${alert}
<form method="post" action="/checkout/${escapeHtml(session.id)}">${cardField}<button type="submit">Save card</button></form>${cancel}`,
  );
}

/**
 * Checkout in payment mode: what is bought and its total, then "Pay" with the customer's default
 * card (when there is one) or a new test card.
 */
export function checkoutPaymentPage(session: Obj, saved: Obj | null, error?: string): string {
  const alert = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  const cancel = session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel and go back</a></p>` : '';
  const items = (session.sandbox_line_items as { name: string; unit_amount: number; quantity: number }[])
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</td><td>${money(item.unit_amount * item.quantity)}</td></tr>`,
    )
    .join('');
  const card = saved?.card as { brand: string; last4: string } | undefined;
  const choice = card
    ? `<fieldset><legend>Pay with</legend>
<label><input type="radio" name="payment_method" value="${escapeHtml(saved!.id)}" checked> Saved card: ${escapeHtml(card.brand)} •••• ${escapeHtml(card.last4)}</label>
<label><input type="radio" name="payment_method" value="new"> A new card (below)</label></fieldset>`
    : '<input type="hidden" name="payment_method" value="new">';
  const saves =
    (session.sandbox_payment_intent_data as { setup_future_usage: string | null }).setup_future_usage !== null
      ? '<p class="muted">A new card is saved to your account for future payments.</p>'
      : '';
  const total = money(session.amount_total);
  return page(
    `Pay ${total}`,
    `<h1>Pay ${total}</h1>${alert}
<table><thead><tr><th>Item</th><th>Amount</th></tr></thead><tbody>${items}</tbody></table>
<p>Total: <strong>${total}</strong></p>
<form method="post" action="/checkout/${escapeHtml(session.id)}">${choice}
<label for="card">Card number${card ? ' (for a new card)' : ''}</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number"${card ? '' : ' required'} aria-describedby="card-hint">
<p id="card-hint" class="muted">${TEST_CARDS} 4000 0027 6000 3184 asks for authentication, which you complete here.</p>${saves}
<button type="submit">Pay ${total}</button></form>${cancel}`,
  );
}

export function checkoutClosedPage(): string {
  return page('Checkout closed', '<h1>This checkout is no longer open</h1><p>Go back and start again.</p>');
}

export function portalPage(session: Obj, methods: Obj[], defaultId: string | null, message?: string): string {
  const rows = methods.map((m) => {
    const card = m.card as { brand: string; last4: string; exp_month: number; exp_year: number };
    const isDefault = m.id === defaultId;
    return `<tr><td>${escapeHtml(card.brand)} •••• ${escapeHtml(card.last4)} <span class="muted">${card.exp_month}/${card.exp_year}</span>${isDefault ? ' <span class="badge">Default</span>' : ''}</td>
<td>${isDefault ? '' : `<form method="post" action="/portal/${escapeHtml(session.id)}/default"><input type="hidden" name="payment_method" value="${escapeHtml(m.id)}"><button class="secondary" type="submit">Make default</button></form>`}
<form method="post" action="/portal/${escapeHtml(session.id)}/remove"><input type="hidden" name="payment_method" value="${escapeHtml(m.id)}"><button class="secondary" type="submit" aria-label="Remove card ending ${escapeHtml(card.last4)}">Remove</button></form></td></tr>`;
  });
  const list = rows.length
    ? `<table><caption class="muted">Cards on file</caption><tbody>${rows.join('')}</tbody></table>`
    : '<p>No cards on file.</p>';
  const back = session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Return to the console</a></p>` : '';
  const status = message ? `<p role="status">${escapeHtml(message)}</p>` : '';
  return page(
    'Billing portal',
    `<h1>Payment methods</h1>${status}${list}
<h2>Add a card</h2><form method="post" action="/portal/${escapeHtml(session.id)}/add">${cardField}<button type="submit">Save card</button></form>${back}`,
  );
}

const day = (unix: unknown) => (typeof unix === 'number' ? new Date(unix * 1000).toISOString().slice(0, 10) : '');

export function invoicePage(invoice: Obj, error?: string): string {
  const lines = (invoice.lines as { data: Obj[] }).data
    .map((l) => `<tr><td>${escapeHtml(l.description)}</td><td>${money(l.amount)}</td></tr>`)
    .join('');
  const due = invoice.due_date ? `<p>Due: ${day(invoice.due_date)}</p>` : '';
  const payable = invoice.status === 'open' || invoice.status === 'uncollectible';
  const alert = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  const pay = payable
    ? `<h2>Pay ${money(invoice.amount_remaining)}</h2>${alert}<form method="post" action="/invoices/${escapeHtml(invoice.id)}">${cardField}<button type="submit">Pay invoice</button></form>`
    : alert;
  // The invoice's custom fields (the seller, for the product's invoices) and footer, as Stripe prints them.
  const fields = ((invoice.custom_fields as { name: string; value: string }[] | null) ?? [])
    .map((f) => `<p>${escapeHtml(f.name)}: ${escapeHtml(f.value)}</p>`)
    .join('');
  const footer = invoice.footer ? `<p class="muted">${escapeHtml(invoice.footer)}</p>` : '';
  return page(
    `Invoice ${invoice.number ?? invoice.id}`,
    `<h1>Invoice ${escapeHtml(invoice.number ?? invoice.id)}</h1>${fields}
<p>Status: <strong>${escapeHtml(invoice.status)}</strong></p>${due}<table><thead><tr><th>Description</th><th>Amount</th></tr></thead><tbody>${lines}</tbody></table>
<p>Total: <strong>${money(invoice.total)}</strong></p>${footer}<p><a href="/invoices/${escapeHtml(invoice.id)}/pdf">Download PDF</a></p>${pay}`,
  );
}
