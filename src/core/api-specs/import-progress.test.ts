import { describe, expect, it } from "vitest";
import type { Viewer } from "../accounts/accounts.types";
import { type AppError, isAppError } from "../errors/app-error";
import { getImportProgress, ImportProgressBoard } from "./import-progress";

describe("ImportProgressBoard", () => {
  it("answers only the user who started the import, in its tenant, by a well-formed token", () => {
    let now = 1_000;
    const board = new ImportProgressBoard(() => now);
    const report = board.track("t1", "u1", "token-0001");
    now += 1_500;
    report("saving", 42);
    expect(board.read("t1", "u1", "token-0001")).toEqual({ stage: "saving", endpoints: 42, elapsedMs: 1_500 });
    expect(board.read("t1", "u2", "token-0001")).toBeNull();
    expect(board.read("t2", "u1", "token-0001")).toBeNull();
    // Tokens outside 8-64 letters, digits, - and _ record nothing.
    board.track("t1", "u1", "short")("parsing");
    expect(board.read("t1", "u1", "short")).toBeNull();
  });

  it("forgets imports untouched for ten minutes", () => {
    let now = 0;
    const board = new ImportProgressBoard(() => now);
    board.track("t1", "u1", "old-import")("done", 3);
    now += 10 * 60_000 + 1;
    board.track("t1", "u1", "new-import");
    expect(board.read("t1", "u1", "old-import")).toBeNull();
    expect(board.read("t1", "u1", "new-import")?.stage).toBe("queued");
  });

  it("asks for a signed-in viewer of the tenant", () => {
    const board = new ImportProgressBoard();
    let error: AppError | null = null;
    try {
      getImportProgress(board, "t1", null, "token-0001");
    } catch (caught) {
      if (isAppError(caught)) error = caught;
    }
    expect(error?.code).toBe("UNAUTHENTICATED");
    const other = { id: "u1", tenantId: "t2" } as Viewer;
    expect(() => getImportProgress(board, "t1", other, "token-0001")).toThrow("Sign in to continue");
  });
});
