# complaints-book-mcp serve --http in a container: one server for a team, each request bringing its
# member's key (docs/team-hosting.md). test/e2e/dockerfile.test.ts checks this file (no Docker engine runs
# where the project is built): what it copies exists, the start command is the documented one, the
# health check answers.
#
#   docker build -t complaints-book-mcp .
#   docker run -p 8080:8080 -e COMPLAINTS_API_URL=https://your-complaints-service.example \
#     -e COMPLAINTS_HTTP_ALLOWED_HOSTS=mcp.example.com,localhost,127.0.0.1 complaints-book-mcp

# Build: every dependency, then the server and the overview's page (tsc checks the types,
# scripts/build-server.mjs bundles the server, scripts/build-ui.mjs makes the page).
FROM node:22-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No scripts: prepare would build before the sources are here; the build runs below, once.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
COPY scripts ./scripts
RUN npm run build

# Run: production dependencies as locked (no scripts: dist/ is built already) and dist/, owned by
# root and run by the image's unprivileged node user, who cannot change them.
FROM node:22-slim
LABEL io.modelcontextprotocol.server.name="io.github.complaints-book/complaints-book-mcp"
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
USER node
EXPOSE 8080
# Slim images have no curl: node asks /healthz itself (200 while serving; 503 while starting, while
# draining on SIGTERM, or while the shared state in Redis does not answer).
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself. The command runs without the memory flags of
# the bin's launch line, which cost throughput under load (docs/team-hosting.md). Other commands run
# in the same image: docker run --rm -e ... complaints-book-mcp check
ENTRYPOINT ["node", "dist/index.js"]
CMD ["serve", "--http", "--host", "0.0.0.0", "--port", "8080"]
