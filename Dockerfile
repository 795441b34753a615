# syntax=docker/dockerfile:1
# The portal and its local back-end, built in stages; the image runs as a non-root user with
# production dependencies only. The SQLite database and generated secrets live in /data.

FROM node:20-bookworm-slim AS base
WORKDIR /app
# better-sqlite3 compiles its native module when no prebuilt binary fits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*

FROM base AS build
# patches/ is applied by npm's postinstall (patch-package, ADR 0016), so it comes before npm ci.
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM base AS production-dependencies
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    BACKEND_PORT=4000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json ./
COPY scripts/start.mjs ./scripts/start.mjs
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The portal and the local back-end; for the portal alone: node build/node/server.js
CMD ["node", "scripts/start.mjs"]
