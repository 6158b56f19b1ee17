# syntax=docker/dockerfile:1
# Skydeck's BFF and SPA as one image: built in one stage, run from another with production
# dependencies only, as the unprivileged `node` user. Replicas on PostgreSQL: see compose.yaml.

ARG NODE_IMAGE=node:20-bookworm-slim

# Everything `npm run build` needs: dev dependencies (Vite, esbuild) and the sources.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# better-sqlite3 compiles itself where no prebuilt binary fits the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY index.html vite.config.ts tsconfig.json tsconfig.base.json tsconfig.node.json tsconfig.shared.json ./
COPY public ./public
COPY scripts ./scripts
COPY src ./src
RUN npm run build

# The runtime's node_modules: no Vite, no test tools, no PostgreSQL binaries.
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=8080 \
  DATA_DIR=/data \
  STATIC_DIR=/app/dist/client
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.base.json tsconfig.node.json ./
# For `docker compose exec skydeck-1 npm run user -- …` (the operators' CLI runs through tsx).
COPY src/server ./src/server
COPY src/shared ./src/shared
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# /api/ready: 503 while the database does not answer or the server drains for shutdown.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself as PID 1's child-free process: SIGTERM reaches the server's graceful shutdown.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
