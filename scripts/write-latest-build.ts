/**
 * Runs after `next build` (npm "postbuild"): writes `<distDir>/builds/latest.json` with the id
 * of the build just made. Served by app/builds/latest.json/route.ts; open pages poll it and
 * offer a reload when it changes. A deploy that replaces the file is seen without a restart.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

const distDir = process.env.NEXT_DIST_DIR || ".next";
const buildId = (await readFile(path.join(distDir, "BUILD_ID"), "utf8")).trim();
if (!buildId) throw new Error(`${distDir}/BUILD_ID is empty`);

const folder = path.join(distDir, "builds");
await mkdir(folder, { recursive: true });
const target = path.join(folder, "latest.json");
const temporary = `${target}.${process.pid}.tmp`;
await writeFile(temporary, `${JSON.stringify({ buildId, builtAt: new Date().toISOString() })}\n`);
await rename(temporary, target);
console.log(`Wrote ${target} (build ${buildId})`);
