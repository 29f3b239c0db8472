# syntax=docker/dockerfile:1
# The base images are build arguments so that a machine that cannot pull them can build on its own copies
# (`npm run test:container -- --stand-ins` makes them from Debian packages; README, Docker). Declared before the
# first FROM, they can name the FROM lines.
ARG BUILD_IMAGE=node:22-bookworm-slim
ARG RUN_IMAGE=gcr.io/distroless/cc-debian12:nonroot

# Build: npm installs the locked dependencies (Bun comes from npm as a devDependency), Bun compiles one binary.
FROM ${BUILD_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY scripts/link-bun.cjs scripts/link-bun.cjs
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run compile \
 && mkdir -p /out/data \
 && cp dist/shopflow /out/shopflow

# Run: the binary alone on a small glibc base, as a non-root user, with its data on a volume.
FROM ${RUN_IMAGE}
WORKDIR /app
COPY --from=build /out/shopflow /app/shopflow
COPY --from=build --chown=nonroot:nonroot /out/data /data
# The last is the runtime's own setting, read once as the process starts (scripts/runtime-env.ts).
ENV DATA_DIR=/data \
    PORT=3000 \
    HOST=0.0.0.0 \
    NODE_ENV=production \
    DEMO=0 \
    MIMALLOC_PURGE_DELAY=1000
USER nonroot
VOLUME ["/data"]
EXPOSE 3000
# distroless has no shell or curl: the binary checks itself.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["/app/shopflow", "healthcheck"]
ENTRYPOINT ["/app/shopflow"]
CMD ["serve"]
