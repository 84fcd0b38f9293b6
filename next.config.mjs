/** @type {import('next').NextConfig} */
const nextConfig = {
  // A separate build folder lets a benchmark or test build run beside a developer's build.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
