# syntax=docker/dockerfile:1
# The portal and its local back-end, built in stages; the image runs as a non-root user with
# production dependencies only. The SQLite database and generated secrets live in /data.
#
# One image, three ways to run it (the command decides; docker-compose.yml uses the last two):
#   node scripts/start.mjs        both, as `npm start` does (the default)
#   node build/node/server.js     the portal alone (ACCOUNT_API_URL, USERS_API_URL, TENANT_DATA_API_URL)
#   node build/node/backend.js    the back-end alone (BACKEND_HOST=0.0.0.0 to be reached from outside)
# HEALTHCHECK_URL names what the health check asks: the portal's /healthz by default, the
# back-end's http://127.0.0.1:4000/health for the back-end alone.

FROM node:20-bookworm-slim AS base
WORKDIR /app
# better-sqlite3 compiles its native module when no prebuilt binary fits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*

FROM base AS build
# patches/ is applied by npm's postinstall (patch-package, ADR 0016), so it comes before npm ci.
COPY package.json package-lock.json ./
COPY backend/package.json ./backend/package.json
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The portal's own production dependencies and the back-end workspace's (backend/package.json: the
# database drivers, GraphQL server and mailer). An image of the portal alone, against the customer's
# services, needs only the root package.json's dependencies.
FROM base AS production-dependencies
COPY package.json package-lock.json ./
COPY backend/package.json ./backend/package.json
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
COPY backend/package.json ./backend/package.json
COPY scripts/start.mjs ./scripts/start.mjs
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000 4000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch(process.env.HEALTHCHECK_URL||'http://127.0.0.1:'+process.env.PORT+'/healthz',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The portal and the local back-end; for one of them: node build/node/server.js or node build/node/backend.js
CMD ["node", "scripts/start.mjs"]
