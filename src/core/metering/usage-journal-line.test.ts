import { describe, expect, it } from "vitest";
import {
  type IdentifiedUsageRecord,
  parseUsageJournalLine,
  recordsFromJournalLines,
  usageJournalLine,
} from "./usage-journal-line";

const record: IdentifiedUsageRecord = {
  requestId: "abc-1",
  tenantId: "t",
  apiId: "api_1",
  endpoint: "GET /odd\npath",
  appId: "app_1",
  keyId: "key_1",
  planId: null,
  subscriptionId: "sub_1",
  status: 200,
  reason: "mock",
  billable: true,
  latencyUs: 1234,
  bytesIn: 5,
  bytesOut: 77,
  at: 1_700_000_000_000,
};

describe("usage records as journal lines", () => {
  it("round-trips a record on one line, whatever its endpoint holds", () => {
    const line = usageJournalLine(record);
    expect(line).not.toContain("\n");
    expect(parseUsageJournalLine(line)).toEqual(record);
  });

  it("refuses lines that are not records instead of throwing", () => {
    expect(parseUsageJournalLine("not json")).toBeNull();
    expect(parseUsageJournalLine("[1,2]")).toBeNull();
    expect(parseUsageJournalLine(usageJournalLine({ ...record, reason: "ok" }).replace('"ok"', '"bogus"'))).toBeNull();
  });

  it("keeps one record per call, its last line (a carried call appears in several logs)", () => {
    const first = usageJournalLine({ ...record, bytesOut: 0 });
    const later = usageJournalLine(record);
    const other = usageJournalLine({ ...record, requestId: "abc-2" });
    const records = recordsFromJournalLines([{ lines: [first, other] }, { lines: [later] }]);
    expect(records.map((r) => [r.requestId, r.bytesOut])).toEqual([
      ["abc-2", 77],
      ["abc-1", 77],
    ]);
  });
});
