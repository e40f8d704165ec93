// The server process as `npm start` keeps it: started in a process group of its own so that a
// signal to `npm start`'s group reaches it once (forwarded from here), and started again with a
// back-off when it dies without being asked to stop (issue 38).
import { type ChildProcess, spawn } from "node:child_process";

export interface SupervisorOptions {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** First wait before a restart; doubled after each crash up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A server that ran this long before it died is restarted after `initialDelayMs` again. */
  resetAfterMs?: number;
  log?: (message: string) => void;
}

export interface Supervisor {
  /** Passes the signal to the server once and lets it finish; no restart follows. */
  stop(signal: NodeJS.Signals): void;
  /** Resolves with the exit code `npm start` should end with. */
  done: Promise<number>;
  /** How many times the server was started again after a crash. */
  restarts(): number;
}

export const DEFAULT_RESTART_DELAY_MS = 1000;
export const DEFAULT_MAX_RESTART_DELAY_MS = 30_000;
export const DEFAULT_RESET_AFTER_MS = 60_000;

/**
 * Runs the server and starts it again when it crashes: a non-zero exit or a death by signal
 * (`kill -9`, out of memory) that this supervisor did not ask for. The server says it is ready
 * over the IPC channel (server/src/main.ts); a first start that fails before that (a wrong
 * setting, a port in use) is not retried, since trying again would fail the same way. A server
 * that exits 0 on its own was stopped by someone (SIGTERM sent to its own pid) and stays stopped.
 */
export function superviseServer(options: SupervisorOptions): Supervisor {
  const initialDelay = options.initialDelayMs ?? DEFAULT_RESTART_DELAY_MS;
  const maxDelay = options.maxDelayMs ?? DEFAULT_MAX_RESTART_DELAY_MS;
  const resetAfter = options.resetAfterMs ?? DEFAULT_RESET_AFTER_MS;
  const log = options.log ?? ((message: string) => console.error(message));

  let child: ChildProcess | undefined;
  let stopSignal: NodeJS.Signals | undefined;
  let delay = initialDelay;
  let restarts = 0;
  let everReady = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let finish: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => {
    finish = resolve;
  });

  function start(): void {
    const startedAt = Date.now();
    const current = spawn(options.command, options.args, {
      env: options.env,
      // Its own process group: a signal to npm start's group reaches the server only through
      // stop() below, once; the IPC channel tells the server when this supervisor is gone.
      detached: true,
      stdio: ["inherit", "inherit", "inherit", "ipc"],
    });
    child = current;
    current.on("message", (message) => {
      if (isReadyMessage(message)) everReady = true;
    });
    current.on("exit", (code, signal) => {
      child = undefined;
      if (stopSignal) {
        finish(code ?? (signal ? 1 : 0));
        return;
      }
      if (code === 0) {
        log("bahi: the server stopped (exit 0); not restarting.");
        finish(0);
        return;
      }
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      if (!everReady) {
        log(`bahi: the server ${how} before it was ready; not restarting.`);
        finish(code ?? 1);
        return;
      }
      if (Date.now() - startedAt >= resetAfter) delay = initialDelay;
      restarts += 1;
      log(`bahi: the server ${how}; restart ${restarts} in ${formatDelay(delay)}.`);
      restartTimer = setTimeout(() => {
        restartTimer = undefined;
        start();
      }, delay);
      delay = Math.min(delay * 2, maxDelay);
    });
  }

  start();
  return {
    stop(signal) {
      if (stopSignal) return;
      stopSignal = signal;
      if (restartTimer) {
        clearTimeout(restartTimer);
        restartTimer = undefined;
        finish(0);
        return;
      }
      child?.kill(signal);
    },
    done,
    restarts: () => restarts,
  };
}

function isReadyMessage(message: unknown): boolean {
  return typeof message === "object" && message !== null && "bahi" in message
    ? (message as { bahi: unknown }).bahi === "ready"
    : false;
}

function formatDelay(ms: number): string {
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
}
