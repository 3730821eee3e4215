# One image for every process of the service: the console, the API server, the job worker and
# the migration command (compose.yaml runs each with its own command). docs/operations.md.

# Build: every dependency, the generated Prisma client, next build and the server bundles (dist/).
FROM node:22-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY scripts/prisma-generate.ts ./scripts/prisma-generate.ts
# postinstall generates the Prisma client (scripts/prisma-generate.ts) from prisma/schema.prisma.
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund && rm -rf .next/cache

# Runtime: production dependencies and what the processes read, owned by root, run as `node`.
FROM node:22-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 CHECKPOINT_DISABLE=1 \
    HOST=0.0.0.0 API_HOST=0.0.0.0 METRICS_HOST=0.0.0.0
COPY --from=build /app/package.json /app/package-lock.json /app/next.config.js /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/.next ./.next
COPY --from=build /app/dist ./dist
COPY --from=build /app/public ./public
COPY --from=build /app/prisma ./prisma
# TypeScript run through tsx at run time: the console server (scripts/console-server.ts) and the
# migration command (scripts/db.ts), with the library code they import.
COPY --from=build /app/lib ./lib
COPY --from=build /app/scripts ./scripts
USER node
EXPOSE 3000 3001 9091
# The API server; compose.yaml gives the other processes their own command.
CMD ["node", "--max-semi-space-size=64", "dist/api-server.js"]
