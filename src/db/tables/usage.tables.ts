import type { Flag } from "../schema";

/** The ids a call is attributed to, made once per distinct tuple (migration 031); absent ids are ''. */
export interface UsageSeriesTable {
  id: string;
  tenant_id: string;
  api_id: string;
  app_id: string;
  endpoint: string;
  key_id: string;
  plan_id: string;
  subscription_id: string;
  created_at: number;
}

/** One call through the gateway: its series and its numbers. */
export interface UsageRecordsTable {
  series_id: string;
  status: number;
  reason: string;
  billable: Flag;
  latency_us: number;
  bytes_in: number;
  bytes_out: number;
  created_at: number;
  /** Migration 090: the id the gateway answered in X-Request-Id; null for rows written before it. */
  request_id: string | null;
}

/** Up to which log of an embedded gateway's journal the database holds the usage records (migration 033). */
export interface UsageJournalMarksTable {
  journal_id: string;
  log_seq: number;
  updated_at: number;
}

export type UsageTables = {
  usage_series: UsageSeriesTable;
  usage_records: UsageRecordsTable;
  usage_journal_marks: UsageJournalMarksTable;
};
