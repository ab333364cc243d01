// `npm run lint` (after Biome): no product function runs over 100 lines unless a comment beside it says
// why. Biome has no rule for a function's length, so this walks the product's TypeScript with the
// compiler's own parser (the `typescript` package the project already builds with).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

export const MAX_FUNCTION_LINES = 100;
/** Written in a comment just above a longer function (or the statement declaring it), followed by the reason. */
export const LONG_FUNCTION_MARKER = "Longer than 100 lines because";

const ROOT = new URL("..", import.meta.url).pathname;
const PRODUCT_FOLDERS = ["packages/domain/src", "apps/server/src", "apps/web/app"];

function productFiles(folder: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (name === "node_modules" || name === "migrations" || name === "test") continue;
      files.push(...productFiles(path));
    } else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith(".d.ts")) {
      files.push(path);
    }
  }
  return files;
}

type LongFunction = { file: string; line: number; name: string; lines: number };

function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return "(anonymous)";
}

/** The comments above the function, or above the statement or property that declares it. */
function hasReason(node: ts.Node, text: string): boolean {
  let holder: ts.Node = node;
  for (let up = 0; up < 4 && holder; up++) {
    const ranges = ts.getLeadingCommentRanges(text, holder.getFullStart()) ?? [];
    if (ranges.some((range) => text.slice(range.pos, range.end).includes(LONG_FUNCTION_MARKER))) return true;
    if (ts.isSourceFile(holder.parent)) break;
    holder = holder.parent;
  }
  return false;
}

export function longFunctionsIn(file: string, text: string): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > MAX_FUNCTION_LINES && !hasReason(node, text)) {
        found.push({ file, line: start + 1, name: functionName(node), lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = PRODUCT_FOLDERS.flatMap((folder) =>
    productFiles(join(ROOT, folder)).flatMap((file) =>
      longFunctionsIn(relative(ROOT, file), readFileSync(file, "utf8")),
    ),
  );
  for (const f of found.sort((a, b) => b.lines - a.lines)) {
    console.error(`${f.file}:${f.line} ${f.name} is ${f.lines} lines (at most ${MAX_FUNCTION_LINES})`);
  }
  if (found.length > 0) {
    console.error(
      `\n${found.length} function(s) over ${MAX_FUNCTION_LINES} lines: split them, or write "${LONG_FUNCTION_MARKER} …" in a comment above.`,
    );
    process.exit(1);
  }
}
