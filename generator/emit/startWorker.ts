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
