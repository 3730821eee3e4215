// Next.js configuration (ESM: package.json has "type": "module").
/** @type {import('next').NextConfig} */
const nextConfig = {
  typedRoutes: false,
  poweredByHeader: false,
  reactStrictMode: true,

  // ── Rewrites: reserved for the lead (e.g. the public API under /v1). ──────────────────────
  // async rewrites() {
  //   return [];
  // },
  // ─────────────────────────────────────────────────────────────────────────────────────────
};

export default nextConfig;
