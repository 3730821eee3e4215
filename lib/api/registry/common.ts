// Schemas shared by several record types.
import { z } from 'zod';
import { sentimentSchema } from '../../sentiment/schema';

/** The `sentiment` field on a record: present only when get_sentiment=true. */
export const sentimentField = sentimentSchema.optional();

/** Date-time text in the spec's UTC format "YYYY-MM-DD HH:MM:SS". */
export const utcDate = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
/** A Unix timestamp in seconds. */
export const unixTime = z.number().int();
/** A count of things (likes, followers, results): a whole number, never negative. */
export const count = z.number().int().min(0);
