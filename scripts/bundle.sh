#!/usr/bin/env bash
# npm run bundle [-- OUTPUT]: the MCP Bundle (.mcpb) for Claude Desktop: manifest.json, the built server
# and its production dependencies, staged outside the clone and packed by the mcpb CLI.
set -euo pipefail
cd "$(dirname "$0")/.."
output="$(cd "$(dirname "${1:-complaints-book-mcp.mcpb}")" && pwd)/$(basename "${1:-complaints-book-mcp.mcpb}")"
npx mcpb validate manifest.json
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
cp -r dist manifest.json package.json package-lock.json README.md LICENSE "$stage"/
# Source maps point at src/, which the bundle does not hold.
find "$stage/dist" -name '*.map' -delete
# Production dependencies only, as locked; no scripts (dist/ is built already). Not the optional
# Redis client: only serve --http on several replicas loads it, and Claude Desktop runs stdio.
(cd "$stage" && npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund --loglevel=error)
rm "$stage/package-lock.json"
npx mcpb pack "$stage" "$output"
