// The fields the settings forms share: the current password proves it is the user, where they have one.

export const CURRENT_PASSWORD = {
  name: 'currentPassword',
  label: 'Current password',
  type: 'password',
  autoComplete: 'current-password',
} as const;
export const NEW_EMAIL = { name: 'email', label: 'New email address', type: 'email', autoComplete: 'email' } as const;
