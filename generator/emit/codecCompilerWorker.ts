/**
 * The thread that compiles a build's generated codecs (started by `compileCodecsAhead` in
 * emitManuals.ts): esbuild turns each TypeScript codec into the CommonJS module body the manuals
 * run and the site ships, while the main thread renders the artifacts that do not need them.
 */
import { parentPort, workerData } from "worker_threads";
import { compileGeneratedCodec } from "./manual/loadGeneratedCodec";
import { errorReply, type WorkerErrorReply } from "./startWorker";

/** Each codec's file name (`ts/<id>.ts`) and TypeScript text. */
export type CodecSources = [string, string][];

/** The same file names, each with its compiled JavaScript. */
export type CodecCompilerReply =
  { kind: "compiled"; scripts: [string, string][] } | WorkerErrorReply;

/** Test hook: `ISAFORGE_CODEC_COMPILER_FAIL=1` makes this thread fail before it compiles. */
function faultPoint(): void {
  if (process.env.ISAFORGE_CODEC_COMPILER_FAIL === "1")
    throw new Error("codec compiler failure requested by ISAFORGE_CODEC_COMPILER_FAIL");
}

const port = parentPort!;
try {
  faultPoint();
  const scripts = (workerData as CodecSources).map(([fileName, source]): [string, string] => [
    fileName,
    compileGeneratedCodec(source, fileName),
  ]);
  port.postMessage({ kind: "compiled", scripts } satisfies CodecCompilerReply);
} catch (e) {
  port.postMessage(errorReply(e) satisfies CodecCompilerReply);
}
