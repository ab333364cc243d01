// Pre-compresses the built client files (brotli and gzip) so the server sends them compressed
// without spending CPU per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { webBuildDir } from "./lib.mjs";

const clientDir = path.join(webBuildDir, "client");
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.(js|css|svg|json|txt|xml|html)$/.test(name)) {
      const data = readFileSync(full);
      if (data.length < 512) continue;
      writeFileSync(`${full}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
    }
  }
}
walk(clientDir);
