// Secrets inside free text (a log message, an error's message and stack), which redaction by
// field name cannot reach: a feed URL with credentials or a token in its query, an Authorization
// header quoted in an error, a key pasted into a message. The log (logger.ts) runs every message
// through redactSecretsInText.
import { envRecord, type EnvRecord } from '@/lib/env';

const CENSOR = '[redacted]';

// The user and password of a URL: scheme://user:pass@host.
const urlCredentials = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi;
// A value runs to the next separator; a colon ends it only before a space or the end (a line
// such as "live news: <url>: answered 503").
const VALUE = String.raw`[^&#\s"'<>,;)]+?(?=[&#\s"'<>,;)]|:(?:\s|$)|$)`;
// name=value where the name says it is a secret (a query parameter, a setting quoted in text).
const secretAssignment = new RegExp(
  String.raw`((?:^|[\s?&;,("'])[\w.-]*(?:token|secret|passw|pwd|api[_-]?key|apikey|signature|sig|credential|session|auth)[\w.-]*=)` +
    VALUE,
  'gi',
);
const oauthCode = new RegExp(`([?&]code=)${VALUE}`, 'gi');
const authorizationValue = /\b(Bearer|Basic)\s+[\w.~+/-]+=*/g;
// Keys whose shape is known: this API's (ak_live_…), Stripe's secret, restricted and webhook keys.
const knownKeys = /\b(?:ak_live_|sk_live_|sk_test_|rk_live_|rk_test_|whsec_)[A-Za-z0-9]+/g;

/** Settings whose values never appear in the log, wherever they are quoted. */
const secretSettings = [
  'AUTH_SECRET',
  'API_INTERNAL_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'AUTH_GITHUB_SECRET',
  'AUTH_GOOGLE_SECRET',
  'LIVE_VIDEOSITE_API_KEY',
  'LIVE_REVIEWSITE_API_KEY',
  'LIVE_PHOTONET_ACCESS_TOKEN',
  'LIVE_SOCIALNET_ACCESS_TOKEN',
  'LIVE_TEXTTHREADS_ACCESS_TOKEN',
  'LIVE_FORUMSITE_CLIENT_SECRET',
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text with every secret it visibly carries replaced by [redacted]. */
export function redactSecretsInText(text: string, env: EnvRecord = envRecord()): string {
  let out = text
    .replace(urlCredentials, `$1${CENSOR}@`)
    .replace(secretAssignment, `$1${CENSOR}`)
    .replace(oauthCode, `$1${CENSOR}`)
    .replace(authorizationValue, `$1 ${CENSOR}`)
    .replace(knownKeys, CENSOR);
  for (const name of secretSettings) {
    const value = env[name];
    // Short values would censor ordinary words; the settings' own rules ask for long ones.
    if (value && value.length >= 12) out = out.replace(new RegExp(escapeRegExp(value), 'g'), CENSOR);
  }
  return out;
}
