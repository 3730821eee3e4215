// Record schemas of the shop family, field for field from the spec's "Shop ..." sections.
// Strict objects, so a sandbox or upstream record with a missing or extra field fails the tests.
import { z } from 'zod';
import { count, sentimentField } from './common';

const stars = z.number().min(0).max(5);
const percent = z.number().int().min(0).max(100);

// Shop search item (element of `products`)
export const shopSearchItemSchema = z.strictObject({
  asin: z.string(),
  title: z.string(),
  price: z.string().nullable(),
  original_price: z.string().nullable(),
  unit_price: z.string().nullable(),
  unit_count: z.number().int().nullable(),
  currency: z.string(),
  rating: stars,
  num_ratings: count,
  url: z.string(),
  photo: z.string(),
  num_offers: count,
  minimum_offer_price: z.string(),
  is_best_seller: z.boolean(),
  is_amazon_choice: z.boolean(),
  is_prime: z.boolean(),
  climate_pledge_friendly: z.boolean(),
  sales_volume: z.string(),
  delivery: z.string(),
  availability: z.string().nullable(),
  has_variations: z.boolean(),
  badge: z.string(),
  coupon_text: z.string().nullable(),
});
export type ShopSearchItem = z.infer<typeof shopSearchItemSchema>;

const shopBuyBoxSchema = z.strictObject({
  title: z.string(),
  price: z.string(),
  seller: z.string(),
  seller_id: z.string(),
  seller_link: z.string(),
  return_policy: z.string(),
});

// The spec says only "array of objects" for videos; these four fields are what a player needs.
const shopVideoSchema = z.strictObject({
  title: z.string(),
  url: z.string(),
  thumbnail: z.string(),
  duration: count,
});

const shopProductReviewSchema = z.strictObject({
  review_id: z.string(),
  title: z.string(),
  review_text: z.string(),
  rating: stars,
  review_link: z.string(),
  review_date: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  author_avatar: z.string(),
  images: z.array(z.string()),
  video: z.string().nullable(),
  is_verified_purchase: z.boolean(),
  helpful_votes: z.string(),
  product_variant: z.record(z.string(), z.string()),
  is_vine: z.boolean(),
});
export type ShopProductReview = z.infer<typeof shopProductReviewSchema>;

// Shop product (field `product`)
export const shopProductSchema = z.strictObject({
  asin: z.string(),
  title: z.string(),
  item_highlight: z.string(),
  price: z.string(),
  original_price: z.string().nullable(),
  delivery_price: z.string().nullable(),
  minimum_order_quantity: z.number().int().nullable(),
  currency: z.string(),
  country: z.string(),
  byline: z.string(),
  byline_link: z.string(),
  rating: stars,
  num_ratings: count,
  url: z.string(),
  slug: z.string(),
  photo: z.string(),
  photos: z.array(z.string()),
  videos: z.array(shopVideoSchema),
  user_uploaded_videos: z.array(shopVideoSchema),
  has_video: z.boolean(),
  num_offers: count,
  availability: z.string(),
  condition: z.string(),
  is_best_seller: z.boolean(),
  is_amazon_choice: z.boolean(),
  is_prime: z.boolean(),
  climate_pledge_friendly: z.boolean(),
  sales_volume: z.string(),
  delivery: z.string(),
  main_buy_box: shopBuyBoxSchema,
  buy_boxes: z.array(shopBuyBoxSchema),
  about: z.array(z.string()),
  description: z.string(),
  product_information: z.record(z.string(), z.string()),
  product_details: z.record(z.string(), z.string()),
  rating_distribution: z.strictObject({ 1: percent, 2: percent, 3: percent, 4: percent, 5: percent }),
  top_reviews: z.array(shopProductReviewSchema),
});
export type ShopProduct = z.infer<typeof shopProductSchema>;

const feedbackPeriod = z.strictObject({
  positive_percent: percent,
  neutral_percent: percent,
  negative_percent: percent,
  count,
});

// Shop seller (field `seller`); the three rating fields are null when there is no public feedback.
export const shopSellerSchema = z.strictObject({
  seller_id: z.string(),
  name: z.string(),
  seller_link: z.string(),
  store_link: z.string(),
  logo: z.string().nullable(),
  about: z.string().nullable(),
  business_name: z.string(),
  business_address: z.string(),
  rating: stars.nullable(),
  ratings_total: count.nullable(),
  positive_percentage: z.number().min(0).max(100).nullable(),
  review_summary: z.strictObject({
    thirty_days: feedbackPeriod,
    ninety_days: feedbackPeriod,
    twelve_months: feedbackPeriod,
    lifetime: feedbackPeriod,
  }),
  country: z.string(),
});
export type ShopSeller = z.infer<typeof shopSellerSchema>;

// Shop seller review (element of `reviews`)
export const shopSellerReviewSchema = z.strictObject({
  author_name: z.string(),
  review_text: z.string(),
  rating: z.number().min(1).max(5),
  review_date: z.string(),
  has_response: z.boolean(),
  sentiment: sentimentField,
});
export type ShopSellerReview = z.infer<typeof shopSellerReviewSchema>;
