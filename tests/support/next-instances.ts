import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/**
 * Several `next start` processes of one build, as a load balancer would have them: same
 * build folder, same settings, one port each. For tests of what instances share (the Redis
 * cache, sessions): start them, talk to each by its `url`, stop them.
 *
 * The build must exist (`NEXT_DIST_DIR=<distDir> npx next build`). Each instance gets
 * `NODE_ENV=production`, `NEXT_DIST_DIR`, the caller's `env` over this process's environment,
 * and is ready when `readyPath` answers 200.
 */
export type NextInstance = {
  port: number;
  url: string;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
  stop(): Promise<void>;
};

export type NextInstancesOptions = {
  count: number;
  /** Instance i listens on basePort + i. */
  basePort: number;
  distDir: string;
  env?: Record<string, string>;
  /** Per-instance settings over `env` (e.g. a SITE_URL of its own). */
  envOf?: (index: number, port: number) => Record<string, string>;
  /** The project folder (next.config.ts, node_modules). Default: this process's. */
  cwd?: string;
  readyPath?: string;
  timeoutMs?: number;
};

export async function startNextInstances(options: NextInstancesOptions): Promise<NextInstance[]> {
  const cwd = options.cwd ?? process.cwd();
  const started: NextInstance[] = [];
  try {
    const instances = Array.from({ length: options.count }, (_, index) => {
      const port = options.basePort + index;
      const instance = spawnInstance(cwd, port, {
        ...options.env,
        ...options.envOf?.(index, port),
        NEXT_DIST_DIR: options.distDir,
      });
      started.push(instance);
      return instance;
    });
    await Promise.all(
      instances.map((instance) =>
        waitUntilReady(instance, options.readyPath ?? "/api/health", options.timeoutMs ?? 120_000),
      ),
    );
    return instances;
  } catch (error) {
    await Promise.all(started.map((instance) => instance.stop()));
    throw error;
  }
}

export async function stopNextInstances(instances: NextInstance[]): Promise<void> {
  await Promise.all(instances.map((instance) => instance.stop()));
}

function spawnInstance(cwd: string, port: number, env: Record<string, string>): NextInstance {
  const next = path.join(cwd, "node_modules", "next", "dist", "bin", "next");
  const child = spawn(process.execPath, [next, "start", "-p", String(port)], {
    cwd,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Should the caller exit without stopping it (a failed run), the server goes too.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  child.once("exit", () => process.off("exit", killOnExit));
  let printed = "";
  const collect = (chunk: Buffer) => {
    printed += chunk.toString("utf8");
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => printed,
    stop: () => stopProcess(child),
  };
}

async function waitUntilReady(instance: NextInstance, readyPath: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${instance.url}${readyPath}`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `next start on port ${instance.port} not ready within ${timeoutMs} ms:\n${instance.output()}`,
  );
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
