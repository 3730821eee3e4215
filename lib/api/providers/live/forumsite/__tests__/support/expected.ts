// Records written out by hand from the recorded payloads (data/live/forumsite/), field by field:
// what the adapter must make of them. Each comment names the payload field a value comes from.
import type { ForumsiteCommunity, ForumsitePost } from '../../../../../registry/forumsite';

/** The family's default public name and domain (lib/api/families.ts). */
// The platform's own name and domain (the adapter's `site`), not the sandbox's neutral ones.
export const site = { source: 'Reddit', domain: 'reddit.com' };

/** listings/popular-hot-1.json, children[1]: a hosted video. */
export const videoPost: ForumsitePost = {
  post_id: '1skl1i1', // id
  title: 'A medium rare "steak."', // title
  url: 'https://www.reddit.com/r/StupidFood/comments/1skl1i1/a_medium_rare_steak/', // permalink
  date: '2026-04-13 19:22:01', // created_utc 1776108121.0
  author: 'PrinceFlynn', // author
  author_url: 'https://www.reddit.com/user/PrinceFlynn/',
  source: site.source,
  domain: site.domain,
  snippet: 'A medium rare "steak."', // no selftext_html: the title
  community: 'StupidFood', // subreddit
  upvotes: 714, // score
  upvote_ratio: 0.84, // upvote_ratio
  comments: 428, // num_comments
  crossposts: 0, // num_crossposts
  flair: 'Gluttony overload', // link_flair_text
  link_url: 'https://v.redd.it/dqm10oy4d0vg1', // url_overridden_by_dest
  thumbnail:
    'https://external-preview.redd.it/bzM1NHJtejRkMHZnMYpB0quAB9LV1IuvWtn5yYXa_Ooj1UYY_4Sm7GJ7Nb2I.png?width=140&height=140&crop=1:1,smart&format=jpg&auto=webp&s=119fa2ce4a1b3c808d4006601fbb649f6eafd7dc', // thumbnail
  is_video: true, // is_video
  nsfw: false, // over_18
  spoiler: false, // spoiler
  locked: false, // locked
  stickied: false, // stickied
  video_url: 'https://v.redd.it/dqm10oy4d0vg1/CMAF_1080.mp4?source=fallback', // secure_media.reddit_video.fallback_url
  video_hls_url:
    'https://v.redd.it/dqm10oy4d0vg1/HLSPlaylist.m3u8?a=1778705385%2CN2FkMGU5NjNhOTc2MWIwNjEyY2JjNjQzNGE0ODcyYmY4M2EwOGEzM2ZhOGI4N2I5NmRjMmRhMjUxNDE5MWU3Zg%3D%3D&v=1&f=sd', // secure_media.reddit_video.hls_url
  images: [],
};

/** listings/popular-hot-1.json, children[7]: a gallery of two images with a body. */
export const galleryPost: ForumsitePost = {
  post_id: '1skh6dk',
  title: 'Ramattra x Diablo 4 collab skin',
  url: 'https://www.reddit.com/r/Overwatch/comments/1skh6dk/ramattra_x_diablo_4_collab_skin/',
  date: '2026-04-13 17:09:35', // created_utc 1776100175.0
  author: 'doubleoeck1234',
  author_url: 'https://www.reddit.com/user/doubleoeck1234/',
  source: site.source,
  domain: site.domain,
  snippet: "I don't know who this is tbh I don't play Diablo but it looks cool", // selftext_html as text (&#39; decoded)
  community: 'Overwatch',
  upvotes: 2595,
  upvote_ratio: 0.98,
  comments: 202,
  crossposts: 0,
  flair: 'News & Discussion',
  link_url: 'https://www.reddit.com/gallery/1skh6dk',
  thumbnail:
    'https://preview.redd.it/l4qy0l5ppzug1.jpg?width=140&height=140&auto=webp&s=d7c7d32cccc7ecadb79abd0dac8c9d569e29b7c4',
  is_video: false,
  nsfw: false,
  spoiler: false,
  locked: false,
  stickied: false,
  video_url: '',
  video_hls_url: '',
  images: [
    // gallery_data.items in order -> media_metadata[media_id].s.u
    'https://preview.redd.it/l4qy0l5ppzug1.jpg?width=2160&format=pjpg&auto=webp&s=8df739b461e1b9a8453a801ad1ea97a47d1e8dbf',
    'https://preview.redd.it/ygxbkh7ppzug1.jpg?width=1234&format=pjpg&auto=webp&s=e4cd8cfc043a6dd8767d82ff0360bbd50eccbe36',
  ],
};

/** listings/popular-hot-1.json, children[32]: a text post. */
export const textPost: ForumsitePost = {
  post_id: '1sk894v',
  title:
    'Demon Slayer Infinity Castle Isn’t Available On Streaming Or Bluray 9 Months Later, And Isn’t In Theatres So It’s Not Available To Be Watched Anywhere',
  url: 'https://www.reddit.com/r/anime/comments/1sk894v/demon_slayer_infinity_castle_isnt_available_on/',
  date: '2026-04-13 11:39:05', // created_utc 1776080345.0
  author: 'Elestria_Ethereal',
  author_url: 'https://www.reddit.com/user/Elestria_Ethereal/',
  source: site.source,
  domain: site.domain,
  snippet:
    'This is ridiculous the movie made $800 million as the highest grossing anime movie of all time with a budget of $20 million, what more could they want. Anyone who wants to watch it right now straight up can’t, it isn’t available in Blu-ray, Streaming, or Theatres',
  community: 'anime',
  upvotes: 2686,
  upvote_ratio: 0.93,
  comments: 533,
  crossposts: 1, // num_crossposts
  flair: 'Discussion',
  link_url: '', // is_self
  thumbnail: '', // "self" is a placeholder, not an image
  is_video: false,
  nsfw: false,
  spoiler: false,
  locked: false,
  stickied: false,
  video_url: '',
  video_hls_url: '',
  images: [],
};

/** about/redditdev.json (a t5's data). */
export const redditdevCommunity: ForumsiteCommunity = {
  name: 'redditdev', // display_name
  subreddit_id: 't5_2qizd', // name
  title: 'reddit Development', // title
  description: 'A subreddit for discussion of reddit API clients.', // public_description
  sidebar: '', // description (Markdown): checked against the file in the test, being long
  url: 'https://www.reddit.com/r/redditdev/', // url
  subscribers: 38934, // subscribers
  weekly_active_users: null, // not in about.json
  weekly_contributions: null, // not in about.json
  created_at: '2008-06-18 15:16:17', // created_utc 1213802177.0
  type: 'public', // subreddit_type
  status: 'active',
  nsfw: false, // over18
  quarantined: false, // quarantine
  icon: 'https://b.thumbs.redditmedia.com/7GVLmrH9CdZeqXceSEWkmL8_DSUKRGUfwMxnUNh8D8A.png', // community_icon is empty: icon_img
  banner: '', // banner_background_image, banner_img and mobile_banner_image are empty
  language: 'en', // lang
};

/** about/announcements.json: a restricted community with an icon and a banner. */
export const announcementsCommunity: ForumsiteCommunity = {
  name: 'announcements',
  subreddit_id: 't5_2r0ij',
  title: 'Official Reddit announcements',
  description: '', // public_description is empty
  sidebar:
    'Official announcements from the reddit admins.\n\nSee also:\n   \n* r/blog\n* r/changelog\n\nThis is an admin-sponsored subreddit.',
  url: 'https://www.reddit.com/r/announcements/',
  subscribers: 47456009,
  weekly_active_users: null,
  weekly_contributions: null,
  created_at: '2009-06-17 16:28:21', // created_utc 1245256101.0
  type: 'restricted',
  status: 'active',
  nsfw: false,
  quarantined: false,
  icon: 'https://styles.redditmedia.com/t5_2r0ij/styles/communityIcon_yor9myhxz5x11.png', // community_icon
  banner: 'https://styles.redditmedia.com/t5_2r0ij/styles/bannerBackgroundImage_6gx1wewyz5x11.jpg', // banner_background_image
  language: 'en',
};
