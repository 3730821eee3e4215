// Sandbox data for one shop product page, and the marketplace helpers (local currency, hosts,
// ASINs, image URLs) that the search and seller generators share.
import type { ParamsOf } from '../../registry';
import { familySite } from '../../families';
import type { ShopCountry } from '../../registry/shop';
import type { ShopProduct, ShopProductReview } from '../../registry/shop-records';
import { ProviderError } from '../../registry/types';
import { longDate, person } from './people';
import { type Rng, rngFor, sentence, throwOnSandboxInput, titleWords } from './random';

/** The documented ASIN that answers 404 (sandbox_not_found is not a valid 10-character ASIN). */
export const SANDBOX_MISSING_ASIN = 'B0SANDBOX0';

export const UPPER = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

// Currency code, symbol and a rough rate from USD per marketplace, so prices look local.
export const money: Record<ShopCountry, [string, string, number]> = {
  us: ['USD', '$', 1],
  au: ['AUD', 'A$', 1.5],
  br: ['BRL', 'R$', 5],
  ca: ['CAD', 'C$', 1.35],
  cn: ['CNY', '¥', 7.2],
  fr: ['EUR', '€', 0.92],
  de: ['EUR', '€', 0.92],
  in: ['INR', '₹', 83],
  it: ['EUR', '€', 0.92],
  mx: ['MXN', 'MX$', 17],
  nl: ['EUR', '€', 0.92],
  sg: ['SGD', 'S$', 1.35],
  es: ['EUR', '€', 0.92],
  tr: ['TRY', '₺', 32],
  ae: ['AED', 'AED ', 3.67],
  gb: ['GBP', '£', 0.79],
  jp: ['JPY', '¥', 150],
  sa: ['SAR', 'SAR ', 3.75],
  pl: ['PLN', 'zł', 4],
  se: ['SEK', 'kr ', 10.5],
  be: ['EUR', '€', 0.92],
  eg: ['EGP', 'EGP ', 48],
  za: ['ZAR', 'R', 18.5],
  ie: ['EUR', '€', 0.92],
};
export const brands = [
  'Anker',
  'Soundcore',
  'Logi',
  'Nordlys',
  'Kestrel',
  'Brightway',
  'Oakhill',
  'Vantro',
  'Lumio',
  'Peakform',
];

export function priceText(country: ShopCountry, amount: number): string {
  const symbol = money[country][1];
  const digits = country === 'jp' ? Math.round(amount).toString() : amount.toFixed(2);
  return symbol + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function shopHost(country: ShopCountry): string {
  const { domain } = familySite('shop');
  return country === 'us' ? `https://www.${domain}` : `https://${country}.${domain}`;
}

export const asinOf = (rng: Rng) => `B0${rng.id(8, UPPER)}`;
export const photoOf = (rng: Rng) =>
  `https://m.media.${familySite('shop').domain}/images/I/${rng.id(11, UPPER)}._AC_SL1500_.jpg`;

type ProductQuery = ParamsOf<'/v1/shop/product'>;

function buyBox(rng: Rng, country: ShopCountry, amount: number) {
  const sellerId = `A${rng.id(13, UPPER)}`;
  const host = shopHost(country);
  return {
    title: rng.pick(['New', 'Renewed - Like New', 'Used - Very Good']),
    price: priceText(country, amount),
    seller: rng.pick(['Shop.example', `${rng.pick(brands)} Store`, `${rng.pick(brands)} Direct`]),
    seller_id: sellerId,
    seller_link: `${host}/sp?seller=${sellerId}`,
    return_policy: rng.pick(['FREE 30-day refund/replacement', 'Returnable until Jan 31, 2027', 'Non-returnable']),
  };
}

function productReview(rng: Rng, asin: string, country: ShopCountry): ShopProductReview {
  const who = person(rng);
  const id = `R${rng.id(13, UPPER)}`;
  const authorId = `AE${rng.id(26, UPPER)}`;
  const host = shopHost(country);
  const images: string[] = [];
  for (let i = rng.int(0, 2); i > 0; i--) images.push(photoOf(rng));
  return {
    review_id: id,
    title: titleWords(rng, 3),
    review_text: sentence(rng),
    rating: rng.int(1, 5),
    review_link: `${host}/gp/customer-reviews/${id}?ASIN=${asin}`,
    review_date: `Reviewed in the United States on ${longDate(rng.timestamp(720))}`,
    author_id: authorId,
    author_name: who.name,
    author_avatar: `https://images.${familySite('shop').domain}/avatars/${authorId}.png`,
    images,
    video: rng.bool(0.1) ? `https://m.media.${familySite('shop').domain}/videos/${rng.id(12, UPPER)}.mp4` : null,
    is_verified_purchase: rng.bool(0.85),
    helpful_votes: `${rng.int(1, 400)} people found this helpful`,
    product_variant: rng.bool(0.5)
      ? { Color: rng.pick(['Black', 'White', 'Navy']), Size: rng.pick(['S', 'M', 'L']) }
      : {},
    is_vine: rng.bool(0.05),
  };
}

export function productPage(params: ProductQuery) {
  throwOnSandboxInput(params, ['not_found']);
  const { asin, country } = params;
  if (asin === SANDBOX_MISSING_ASIN) throw new ProviderError('not_found', `Sandbox: no product with ASIN ${asin}`);
  const rng = rngFor('/v1/shop/product', params);
  const host = shopHost(country);
  const brand = rng.pick(brands);
  const title = `${brand} ${titleWords(rng, 6)}`;
  const slug = title.replace(/[^A-Za-z0-9]+/g, '-');
  const amount = (rng.int(800, 30000) / 100) * money[country][2];
  const photos: string[] = [];
  for (let i = rng.int(4, 7); i > 0; i--) photos.push(photoOf(rng));
  const video = (kind: string) => ({
    title: `${brand} ${kind}`,
    url: `https://m.media.${familySite('shop').domain}/videos/${rng.id(12, UPPER)}.mp4`,
    thumbnail: photoOf(rng),
    duration: rng.int(15, 240),
  });
  const videos = rng.bool(0.6) ? [video('product overview')] : [];
  const userVideos = rng.bool(0.3) ? [video('customer review')] : [];
  const boxes = [buyBox(rng, country, amount)];
  for (let i = rng.int(0, 2); i > 0; i--) boxes.push(buyBox(rng, country, amount * (0.8 + rng.next() * 0.3)));
  const five = rng.int(45, 75);
  const four = rng.int(8, 100 - five - 8);
  const three = rng.int(2, Math.max(2, 100 - five - four - 4));
  const two = Math.max(0, Math.min(rng.int(1, 5), 100 - five - four - three));
  const reviews: ShopProductReview[] = [];
  for (let i = rng.int(3, 8); i > 0; i--) reviews.push(productReview(rng, asin, country));
  const product: ShopProduct = {
    asin,
    title,
    slug,
    item_highlight: rng.pick(['Best Seller in Headphones', 'Overall Pick', 'New Release', '']),
    price: priceText(country, amount),
    original_price: rng.bool(0.35) ? priceText(country, amount * 1.25) : null,
    delivery_price: rng.bool(0.2) ? priceText(country, 4.99 * money[country][2]) : null,
    minimum_order_quantity: rng.bool(0.1) ? rng.int(2, 6) : null,
    currency: money[country][0],
    country,
    byline: `Visit the ${brand} Store`,
    byline_link: `${host}/stores/${brand}/page/${rng.id(8, UPPER)}`,
    rating: rng.int(30, 50) / 10,
    num_ratings: rng.int(5, 90000),
    url: `${host}/${slug}/dp/${asin}`,
    photo: photos[0]!,
    photos,
    videos,
    user_uploaded_videos: userVideos,
    has_video: videos.length + userVideos.length > 0,
    num_offers: boxes.length,
    availability: rng.bool(0.85) ? 'In Stock' : `Only ${rng.int(1, 9)} left in stock - order soon.`,
    condition: 'New',
    is_best_seller: rng.bool(0.1),
    is_amazon_choice: rng.bool(0.15),
    is_prime: rng.bool(0.7),
    climate_pledge_friendly: rng.bool(0.15),
    sales_volume: `${rng.pick([100, 500, 1000, 5000])}+ bought in past month`,
    delivery: `FREE delivery Thursday, November ${rng.int(4, 9)}`,
    main_buy_box: boxes[0]!,
    buy_boxes: boxes,
    about: [sentence(rng), sentence(rng), sentence(rng), sentence(rng)],
    description: `${title}. ${sentence(rng)}`,
    product_information: {
      Brand: brand,
      'Item Weight': `${rng.int(20, 900)} g`,
      'Item model number': rng.id(8, UPPER),
    },
    product_details: { ASIN: asin, 'Date First Available': longDate(rng.timestamp(900)), Manufacturer: brand },
    rating_distribution: { 1: 100 - five - four - three - two, 2: two, 3: three, 4: four, 5: five },
    top_reviews: reviews,
  };
  return { body: { product }, pagesReturned: 1 };
}
