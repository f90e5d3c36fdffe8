import { readdir, readFile } from "node:fs/promises";

/**
 * CPU seconds (user + system) used so far by a process and all its descendants, from
 * /proc (Linux). The bench server is `npx next start`: the work happens in a child.
 * `threads: "main"` counts each process's main thread only (its task id is the process id):
 * in Node, the event loop; libuv's pool and V8's helper threads are left out.
 * Returns NaN where /proc is not available.
 */
export async function processTreeCpuSeconds(
  rootPid: number,
  threads: "all" | "main" = "all",
): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir("/proc");
  } catch {
    return Number.NaN;
  }
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const path = threads === "main" ? `/proc/${entry}/task/${entry}/stat` : `/proc/${entry}/stat`;
      const stat = await readFile(path, "utf8");
      // Fields after the command (which may hold spaces) start after the last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { ppid }] of stats) {
      if (!tree.has(pid) && tree.has(ppid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of tree) ticks += stats.get(pid)?.ticks ?? 0;
  // Linux reports clock ticks of 1/100 s (USER_HZ) on every architecture Node supports.
  return ticks / 100;
}
