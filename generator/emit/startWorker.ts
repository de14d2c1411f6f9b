/**
 * Starting one of the build's worker threads from this folder, compiled (`dist/`) or from the
 * TypeScript sources (tsx, ts-jest: the worker loads them through tsx's require hook).
 */
import * as path from "path";
import { Worker, type WorkerOptions } from "worker_threads";

/** Run from the TypeScript sources (tsx, ts-jest) rather than the compiled `dist/`. */
export const fromSource = __filename.endsWith(".ts");

/** tsx's require hook, which lets a worker load the TypeScript sources; undefined without tsx. */
export function tsxHook(): string | undefined {
  try {
    return require.resolve("tsx/cjs");
  } catch {
    return undefined;
  }
}

/** A worker running module `name` of this folder (`renderWorker`), with `options`. */
export function startWorker(name: string, options: WorkerOptions): Worker {
  const entry = path.join(__dirname, `${name}${path.extname(__filename)}`);
  const all: WorkerOptions = { execArgv: [], ...options };
  if (!fromSource) return new Worker(entry, all);
  const hook = tsxHook();
  if (hook === undefined)
    throw new Error(`cannot start ${name} from the TypeScript sources without tsx`);
  return new Worker(`require(${JSON.stringify(hook)});\nrequire(${JSON.stringify(entry)});`, {
    ...all,
    eval: true,
  });
}

/** A worker's report of an error it caught. */
export interface WorkerErrorReply {
  kind: "error";
  message: string;
  stack?: string;
}

/** The report of `e`, as a worker posts it. */
export function errorReply(e: unknown): WorkerErrorReply {
  return e instanceof Error
    ? { kind: "error", message: e.message, stack: e.stack }
    : { kind: "error", message: String(e) };
}

/**
 * Follow `worker`: each of its replies but an error report goes to `onReply`. The promise returned
 * never resolves; it rejects with the worker's own error, whether reported, thrown, or its stopping
 * (`<what> stopped (exit code N) before it finished`). It counts as handled: callers race it
 * against the replies they wait for.
 */
export function followWorker<R extends { kind: string }>(
  worker: Worker,
  what: string,
  onReply: (reply: Exclude<R, WorkerErrorReply>) => void,
): Promise<never> {
  let fail!: (e: Error) => void;
  const failure = new Promise<never>((_, reject) => (fail = reject));
  failure.catch(() => undefined);
  worker.on("message", (reply: R | WorkerErrorReply) => {
    if (reply.kind !== "error") onReply(reply as Exclude<R, WorkerErrorReply>);
    else {
      const { message, stack } = reply as WorkerErrorReply;
      const error = new Error(message);
      if (stack) error.stack = stack;
      fail(error);
    }
  });
  worker.on("error", fail);
  worker.on("exit", (code) =>
    fail(new Error(`${what} stopped (exit code ${code}) before it finished`)),
  );
  return failure;
}
