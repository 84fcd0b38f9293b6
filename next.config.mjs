const isProduction = process.env.NODE_ENV === "production";

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  ...(isProduction ? [{ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" }] : []),
];

// Pages get their Content-Security-Policy, with a nonce per response, from middleware.ts. The API
// answers with data that a browser never runs, so its responses may load nothing at all.
const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets a benchmark or test build run beside a developer's build.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // <distDir>/standalone: a server (server.js) with only the files it needs, which runs without the
  // source tree or node_modules (serverless hosts, containers; `npm run cold-start` measures it).
  output: "standalone",
  // Published only as ES modules: next/jest compiles the packages named here for jest's CommonJS.
  transpilePackages: ["p-limit", "yocto-queue"],
  reactStrictMode: true,
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: apiContentSecurityPolicy }] },
    ];
  },
};

export default nextConfig;
