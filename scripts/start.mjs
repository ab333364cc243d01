// `npm start`: builds what is missing, then serves the whole product (migrations and seed run at start).
import path from "node:path";
import { buildWebIfNeeded, root, run } from "./lib.mjs";

const built = await buildWebIfNeeded();
if (built !== 0) process.exit(built);
const code = await run(process.execPath, [path.join(root, "apps/server/src/main.ts")]);
process.exit(code);
