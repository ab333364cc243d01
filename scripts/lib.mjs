import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const webBuildDir = path.join(root, "apps/web", process.env.WEB_BUILD_DIR ?? "build");
export const webBuildMarker = path.join(webBuildDir, "server/index.js");

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", cwd: root, ...options });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith("build") || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** The web build is missing or older than the sources it is built from. */
export function webBuildIsStale() {
  if (!existsSync(webBuildMarker)) return true;
  const built = statSync(webBuildMarker).mtimeMs;
  return (
    newestMtime(path.join(root, "apps/web")) > built || newestMtime(path.join(root, "packages/domain/src")) > built
  );
}

export async function buildWebIfNeeded() {
  if (!webBuildIsStale()) return 0;
  console.log("Building the web app…");
  return run("npm", ["run", "build", "--silent"]);
}
