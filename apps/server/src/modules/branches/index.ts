export { listBranches } from "./list-branches.ts";
