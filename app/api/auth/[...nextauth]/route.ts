// GET, POST /api/auth/*: Auth.js (sign-in callbacks, session, sign-out, OAuth redirects).
import { handlers } from '@/lib/auth';

export const { GET, POST } = handlers;
