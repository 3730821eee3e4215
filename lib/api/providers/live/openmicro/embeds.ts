// A PostView's embed view -> the record's media fields, link preview and quoted post. The media
// is the embed itself, or the media half of a record-with-media embed (a quote plus pictures).
import type { OpenmicroPost } from '../../../registry/openmicro';
import { galleryImageSchema, type EmbedView, type MediaView } from './schema';

export interface Media {
  type: OpenmicroPost['media_type'];
  imageUrl: string;
  videoUrl: string;
  carousel: OpenmicroPost['carousel_media'];
}

const textOnly: Media = { type: 'text', imageUrl: '', videoUrl: '', carousel: [] };

interface Picture {
  fullsize: string;
  thumbnail: string;
  alt: string;
  aspectRatio?: { width: number; height: number };
}

/** One picture: media_type image and no carousel; several: a carousel, the first as image_url. */
function picturesMedia(pictures: Picture[]): Media {
  const first = pictures[0];
  if (!first) return textOnly;
  if (pictures.length === 1) return { type: 'image', imageUrl: first.fullsize, videoUrl: '', carousel: [] };
  return {
    type: 'carousel',
    imageUrl: first.fullsize,
    videoUrl: '',
    // width and height: the aspect ratio the author's client recorded (usually the pixel size), 0 when absent.
    carousel: pictures.map((p) => ({
      image_url: p.fullsize,
      thumbnail_url: p.thumbnail,
      alt: p.alt,
      width: p.aspectRatio?.width ?? 0,
      height: p.aspectRatio?.height ?? 0,
    })),
  };
}

/** The embed that carries media: the embed itself, or a record-with-media's media. */
function mediaEmbed(embed: EmbedView | undefined): EmbedView | MediaView | undefined {
  if (embed?.$type !== 'app.bsky.embed.recordWithMedia#view') return embed;
  return (embed as Extract<EmbedView, { $type: 'app.bsky.embed.recordWithMedia#view' }>).media;
}

export function mediaOf(embed: EmbedView | undefined): Media {
  const media = mediaEmbed(embed);
  switch (media?.$type) {
    case 'app.bsky.embed.images#view': {
      const { images } = media as Extract<EmbedView, { $type: 'app.bsky.embed.images#view' }>;
      return picturesMedia(
        images.map((i) => ({ fullsize: i.fullsize, thumbnail: i.thumb, alt: i.alt, aspectRatio: i.aspectRatio })),
      );
    }
    case 'app.bsky.embed.gallery#view': {
      const { items } = media as Extract<EmbedView, { $type: 'app.bsky.embed.gallery#view' }>;
      // Gallery items are a union; only image items are known so far, others are left out.
      const pictures = items.flatMap((item) => {
        const image = galleryImageSchema.safeParse(item);
        return image.success ? [image.data] : [];
      });
      return picturesMedia(pictures);
    }
    case 'app.bsky.embed.video#view': {
      const video = media as Extract<EmbedView, { $type: 'app.bsky.embed.video#view' }>;
      return { type: 'video', imageUrl: video.thumbnail ?? '', videoUrl: video.playlist, carousel: [] };
    }
    default:
      return textOnly;
  }
}

/** The link card (app.bsky.embed.external), alone or as a record-with-media's media. */
export function externalOf(embed: EmbedView | undefined) {
  const media = mediaEmbed(embed);
  if (media?.$type !== 'app.bsky.embed.external#view') return null;
  return (media as Extract<EmbedView, { $type: 'app.bsky.embed.external#view' }>).external;
}

/**
 * The embedded record when it is a post (a quote): its view (#viewRecord), or the placeholder of
 * a quoted post that is gone, blocked or detached. Feeds, lists and starter packs are not quotes.
 */
export function embeddedPostOf(embed: EmbedView | undefined): { $type?: string; uri?: string } | null {
  let record: { $type?: string; uri?: string } | undefined;
  if (embed?.$type === 'app.bsky.embed.record#view')
    record = (embed as Extract<EmbedView, { $type: 'app.bsky.embed.record#view' }>).record;
  if (embed?.$type === 'app.bsky.embed.recordWithMedia#view')
    record = (embed as Extract<EmbedView, { $type: 'app.bsky.embed.recordWithMedia#view' }>).record.record;
  return record?.uri?.includes('/app.bsky.feed.post/') ? record : null;
}
