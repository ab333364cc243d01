import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // WEB_BUILD_DIR lets parallel test runs build into separate folders; the product uses "build".
  buildDirectory: process.env.WEB_BUILD_DIR ?? "build",
  ssr: true,
} satisfies Config;
