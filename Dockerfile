# syntax=docker/dockerfile:1
#
# One image for every Vigil app; the command picks the app:
#   docker run vigil                     -> start api (the default)
#   docker run vigil start checker       -> start checker | scanner | notifier
#   docker run vigil migrate             -> apply pending migrations and exit
#
# No HEALTHCHECK here: each app listens on its own port (api $PORT, workers *_HEALTH_PORT) and the
# one-shot migrate container serves nothing, so health checks live in docker-compose.yml and k8s/.
# test/deploy/ parses this file: keep the stage layout, the workspace lists and USER in step with it.

ARG NODE_IMAGE=node:24-bookworm-slim

# --- manifests: only what npm needs to resolve the dependency tree (cached until a manifest changes)
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/client/package.json packages/client/
COPY apps/api/package.json apps/api/
COPY apps/checker/package.json apps/checker/
COPY apps/scanner/package.json apps/scanner/
COPY apps/notifier/package.json apps/notifier/
COPY packages/cli/package.json packages/cli/

# --- deps: every dependency, dev ones included, to compile. --ignore-scripts: the root `prepare`
# script would run tsc before the sources are here, and no dependency needs its install script to
# build (esbuild and msgpackr ship prebuilt binaries as optional dependencies).
FROM manifests AS deps
RUN npm ci --ignore-scripts --no-audit --no-fund

# --- build: tsc -b over every workspace, each to its own dist/
FROM deps AS build
COPY tsconfig.base.json tsconfig.build.json ./
COPY packages packages
COPY apps apps
RUN npm run build

# --- prod-deps: a fresh install of production dependencies only (workspaces linked in node_modules)
FROM manifests AS prod-deps
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# --- runtime: production dependencies, compiled code, the CLI entry point; nothing else
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=prod-deps /app ./
COPY --from=build /app/packages/core/dist packages/core/dist
COPY --from=build /app/packages/client/dist packages/client/dist
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/checker/dist apps/checker/dist
COPY --from=build /app/apps/scanner/dist apps/scanner/dist
COPY --from=build /app/apps/notifier/dist apps/notifier/dist
COPY --from=build /app/packages/cli/dist packages/cli/dist
COPY packages/cli/bin packages/cli/bin
# The files stay owned by root and read-only to the app; it runs as the image's `node` user (uid
# 1000), numeric so Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
EXPOSE 3000 9101 9102 9103
ENTRYPOINT ["node", "packages/cli/bin/vigil.js"]
CMD ["start", "api"]
