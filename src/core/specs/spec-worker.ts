/**
 * Entry of a spec worker thread (see spec-worker-pool.ts): runs one job at a time, reports each step as it starts and
 * answers with the prepared spec or the refusal. Parsing a large spec here keeps the web process's event loop free.
 */
import { parentPort } from "node:worker_threads";
import { prepareSpec } from "./prepare-spec";
import { describeFailure, type WorkerReply, type WorkerRequest } from "./spec-worker-protocol";

const port = parentPort;
if (!port) throw new Error("spec-worker.ts runs as a worker thread (node:worker_threads)");
const post = (reply: WorkerReply) => port.postMessage(reply);

port.on("message", (request: WorkerRequest) => {
  void run(request);
});

async function run({ id, job }: WorkerRequest): Promise<void> {
  post({ id, kind: "started" });
  try {
    const result = await prepareSpec(job, (stage) => post({ id, kind: "stage", stage }));
    post({ id, kind: "done", result });
  } catch (error) {
    post({ id, kind: "failed", error: describeFailure(error) });
  }
}
