# Slotted's image. Nothing is baked in at build time: PUBLIC_URL, DATABASE_URL and every other
# variable of the README's table are read when the container starts. docs/operations.md says
# how to run it. (The image was not built where Slotted is developed, which has no Docker; the
# command below is what server/container.test.ts runs as a process, as a non-root user with
# the app folder read-only.)

# 1. Build the client (precompressed .br/.gz beside each file) and the server bundle.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN node scripts/build.mjs --force

# 2. Production dependencies only, without install scripts.
FROM node:20-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# 3. What runs: the built server and client, migrations, the server's catalogs, no sources.
FROM node:20-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY scripts/serve.mjs ./scripts/serve.mjs
COPY server/db/migrations ./server/db/migrations
COPY server/locales ./server/locales
# The app folder stays root's and read-only to the server; only /data is its own.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM stops it cleanly (node is PID 1 and handles it: in-flight requests finish first).
STOPSIGNAL SIGTERM
CMD ["node", "scripts/serve.mjs"]
