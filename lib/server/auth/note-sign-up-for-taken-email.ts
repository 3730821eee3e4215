import 'server-only';

export type NoteSignUpForTakenEmailOptions = { email: string };

/**
 * Someone tried to sign up with an email that already has an account. Sign-up does not say so
 * (that would tell anyone which addresses are customers); the owner is to be told by mail
 * instead. TODO(mail): send "someone tried to create an account with your address" once the
 * console sends mail; until then the attempt is only logged, without the address.
 */
export async function noteSignUpForTakenEmail(_options: NoteSignUpForTakenEmailOptions): Promise<void> {
  console.info('sign-up attempted for an email that already has an account');
}
