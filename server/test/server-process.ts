import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../src/main.ts");

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `node src/main.ts` as `npm start` does, on a free port, and waits until it listens. */
export async function startServerProcess(
  env: Record<string, string>,
  options: { startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${output}`)),
      options.startTimeoutMs ?? 20_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return { child, baseUrl, output: () => output, exited };
}
