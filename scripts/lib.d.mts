// Types of scripts/lib.mjs for the TypeScript that imports it (the benches, the reliability suite).
// The scripts stay plain JavaScript so that `npm test` can start them before anything is compiled.
import type { SpawnOptions } from "node:child_process";

export const root: string;
export const webBuildDir: string;
export const webBuildMarker: string;
/** Runs a command with inherited output; resolves with its exit code. */
export function run(command: string, args: readonly string[], options?: SpawnOptions): Promise<number>;
/** The web build is missing or older than the sources it is built from. */
export function webBuildIsStale(): boolean;
/** Builds the web app when its build is missing or stale; resolves with the build's exit code (0 when none was needed). */
export function buildWebIfNeeded(): Promise<number>;
