import 'server-only';

import QRCode from 'qrcode';

import { db } from '@/lib/db';

import { openSecret } from './secret-box';
import { totpUri } from './totp';
import { TOTP_SECRET_PURPOSE } from './verify-two-factor-code';

export type TwoFactorStatus = {
  enabledAt: Date | null;
  recoveryCodesLeft: number;
  /** A set-up waiting for its first code: the secret to type in, and its QR code (an SVG data: URL). */
  pending: { secret: string; qrDataUrl: string } | null;
};

/** What /settings shows about two-factor sign-in; the QR code is drawn here, on the server. */
export async function getTwoFactorStatus({ userId }: { userId: string }): Promise<TwoFactorStatus> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, totpEnabledAt: true, totpPendingSecret: true },
  });
  const recoveryCodesLeft = user.totpEnabledAt
    ? await db.twoFactorRecoveryCode.count({ where: { userId, usedAt: null } })
    : 0;
  const secret =
    !user.totpEnabledAt && user.totpPendingSecret ? openSecret(user.totpPendingSecret, TOTP_SECRET_PURPOSE) : null;
  if (!secret) return { enabledAt: user.totpEnabledAt, recoveryCodesLeft, pending: null };
  // Dark modules on a white quiet zone in both themes: scanners want the contrast.
  const qrSvg = await QRCode.toString(totpUri(secret, user.email), {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
  return {
    enabledAt: null,
    recoveryCodesLeft,
    pending: { secret, qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(qrSvg).toString('base64')}` },
  };
}
