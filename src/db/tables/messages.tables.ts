/** Tables of migration 086-messages: contact the creator (only the messages domain reads or writes them). */
export type MessageThreadsTable = {
  id: string;
  tenant_id: string;
  api_id: string;
  provider_id: string;
  consumer_id: string;
  subject: string;
  consumer_unread: number;
  provider_unread: number;
  consumer_archived: number;
  provider_archived: number;
  last_message_at: number;
  created_at: number;
};

export type MessagesTable = {
  id: string;
  tenant_id: string;
  thread_id: string;
  author_id: string | null;
  side: "consumer" | "provider";
  body: string;
  created_at: number;
};

export type MessageBlocksTable = {
  tenant_id: string;
  provider_id: string;
  user_id: string;
  blocked_by: string | null;
  created_at: number;
};

export type MessagesTables = {
  message_threads: MessageThreadsTable;
  messages: MessagesTable;
  message_blocks: MessageBlocksTable;
};
