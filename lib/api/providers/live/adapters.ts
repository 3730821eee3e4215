// The native adapters, one per family that has one. An adapter adds its import and one line to
// the table below (see ./README.md); a family without one stays on the sandbox or its upstream.
import type { Family } from '../../registry/types';
import { politicnetAdapter } from './politicnet';
import { forumsiteAdapter } from './forumsite';
import { newsletterAdapter } from './newsletter';
import { newsAdapter } from './news';
import { openmicroAdapter } from './openmicro';
import { photonetAdapter } from './photonet';
import { placesAdapter } from './places';
import { reviewsiteAdapter } from './reviewsite';
import { socialnetAdapter } from './socialnet';
import { textthreadsAdapter } from './textthreads';
import type { LiveAdapter } from './types';
import { videositeAdapter } from './videosite';
import { websearchAdapter } from './websearch';
import { xnetAdapter } from './xnet';

export const liveAdapters: Partial<Record<Family, LiveAdapter>> = {
  forumsite: forumsiteAdapter,
  newsletter: newsletterAdapter,
  news: newsAdapter,
  openmicro: openmicroAdapter,
  photonet: photonetAdapter,
  places: placesAdapter,
  politicnet: politicnetAdapter,
  reviewsite: reviewsiteAdapter,
  socialnet: socialnetAdapter,
  textthreads: textthreadsAdapter,
  videosite: videositeAdapter,
  websearch: websearchAdapter,
  xnet: xnetAdapter,
};
