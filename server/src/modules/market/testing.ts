// Test set-up: this process's market socket subscriber running for a file's tests (it keeps the version copy live).
import { afterAll, beforeAll } from "bun:test";
import { closeTestDeps, testDeps } from "../../../../test/helpers";
import { startMarketSocket } from "./socket";

/** Starts the subscriber before the file's tests and stops it, then the shared test connections, after them. */
export function withMarketSubscriber() {
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    stop = await startMarketSocket(testDeps(), { publish: () => 0 });
  });
  afterAll(async () => {
    await stop();
    await closeTestDeps();
  });
}
