# syntax=docker/dockerfile:1
# The Shelfscope app image: built in one stage, run from a slim one as a non-root user.
# Used by compose.yaml (two instances behind nginx); see the README, "Several instances".

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci needs every platform's optional DuckDB binding in the lockfile; a lockfile written
# against a registry without the non-Linux ones lacks them (TOOLCHAIN.md), and npm ci refuses
# it. Then npm install from the same lockfile (same pinned versions) is the fallback.
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    SCREENS_DIR=/app/screens
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/screens ./screens
# The code is root's and read-only to the app; only DATA_DIR (outbox, export files) is its own.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Ready (/readyz): store, warehouse, queue and Redis reachable, the demo's numbers final (docs/operations.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))"
CMD ["node", "dist/server/main.js"]
