/** Table of migration 011-events, typed here (only this domain reads or writes it). */
export type EventsTable = {
  id: string;
  tenant_id: string;
  type: string;
  user_id: string | null;
  session_id: string | null;
  /** JSON of the event's validated payload. */
  payload: string;
  created_at: number;
};

export type EventsTables = { events: EventsTable };
