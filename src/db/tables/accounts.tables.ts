import type { Generated } from "kysely";
import type { Flag } from "../schema";

/* Tables of migration 020-accounts (users' credentials, sessions, organizations, follows, invitations, mail), part of the
 * one Database type in src/db/schema.ts. */

export type OrgRole = "member" | "admin";
export type InvitationPrincipal = "USER" | "TEAM" | "ORGANIZATION";
export type TenantRole = "ADMIN";

export interface UserCredentialsTable {
  user_id: string;
  tenant_id: string;
  password_hash: string;
  updated_at: number;
}

export interface UserRolesTable {
  tenant_id: string;
  user_id: string;
  role: TenantRole;
  created_at: number;
}

export interface SessionsTable {
  /** sha256(token) in hex; the token itself is only ever in the cookie. */
  id: string;
  tenant_id: string;
  user_id: string;
  /** sha256 of the CSRF cookie secret issued at sign-in: binds the CSRF token to this session. */
  csrf_secret_hash: string | null;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
}

export interface LoginThrottleTable {
  tenant_id: string;
  /** The normalized e-mail the attempt named, whether or not such an account exists. */
  account_key: string;
  window_start: number;
  failures: number;
  last_failure_at: number;
}

export interface PasswordResetsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Migration 022 (decision 022): a mailed link that proves the user owns `email`; stored as sha256(token). */
export interface EmailVerificationsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface MailOutboxTable {
  id: string;
  tenant_id: string;
  to_address: string;
  subject: string;
  body_text: string;
  kind: string;
  created_at: number;
  sent_at: number | null;
  /** Migration 021: delivery attempts so far. */
  attempts: Generated<number>;
  /** Not before this time: the next retry, or the end of a sender's claim while it sends (null = due). */
  next_attempt_at: number | null;
  last_error: string | null;
  /** Set when the sender gave up (permanent refusal, or too many attempts). */
  failed_at: number | null;
}

export interface UserFollowsTable {
  tenant_id: string;
  follower_id: string;
  followee_id: string;
  created_at: number;
}

export interface ApiFollowsTable {
  id: string;
  tenant_id: string;
  user_id: string;
  api_id: string;
  status: "ACTIVE";
  created_at: number;
}

export interface SavedApisTable {
  tenant_id: string;
  user_id: string;
  api_id: string;
  status: number;
  created_at: number;
}

export interface OrganizationsTable {
  id: string;
  tenant_id: string;
  name: string;
  slug: string;
  description: string | null;
  thumbnail: string | null;
  created_by: string | null;
  created_at: number;
}

export interface OrganizationMembersTable {
  tenant_id: string;
  organization_id: string;
  user_id: string;
  role: OrgRole;
  created_at: number;
}

export interface TeamsTable {
  id: string;
  tenant_id: string;
  organization_id: string;
  name: string;
  slug: string;
  created_at: number;
}

export interface TeamMembersTable {
  tenant_id: string;
  team_id: string;
  user_id: string;
  created_at: number;
}

export interface CorporateDomainsTable {
  tenant_id: string;
  domain: string;
  organization_id: string | null;
  ignore: Flag;
  created_at: number;
}

export interface ApiInvitationsTable {
  id: string;
  tenant_id: string;
  api_id: string;
  principal_type: InvitationPrincipal;
  principal_id: string;
  created_by: string | null;
  created_at: number;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

export type AccountsTables = {
  user_credentials: UserCredentialsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  password_resets: PasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  mail_outbox: MailOutboxTable;
  user_follows: UserFollowsTable;
  api_follows: ApiFollowsTable;
  saved_apis: SavedApisTable;
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  corporate_domains: CorporateDomainsTable;
  api_invitations: ApiInvitationsTable;
  server_secrets: ServerSecretsTable;
};
