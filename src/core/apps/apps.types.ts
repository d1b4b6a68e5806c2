import { z } from "zod";

export const APP_LIMITS = { maxAppsPerOwner: 100, maxActiveKeysPerApp: 20, maxOverlapSeconds: 30 * 86_400 };
export const DEFAULT_ROTATION_OVERLAP_SECONDS = 86_400;

export const appNameInput = z
  .string()
  .trim()
  .min(1, "The app needs a name")
  .max(60, "App names are at most 60 characters");
export const appDescriptionInput = z.string().trim().max(500).nullable().optional();
export const keyNameInput = z.string().trim().min(1).max(60);

/** A context per spec section 3 "Context entry": the user personally, or an organization (optionally a team). */
export interface AppContext {
  organizationId?: string | null;
  teamId?: string | null;
}

export type AppKeyStatus = "ACTIVE" | "EXPIRING" | "EXPIRED" | "REVOKED";

export interface AppKey {
  id: string;
  appId: string;
  name: string;
  /** "pk_AbCdEf": enough to tell keys apart, useless to call with. */
  prefix: string;
  status: AppKeyStatus;
  createdAt: number;
  /** Set after a rotation: the end of the overlap window. */
  expiresAt: number | null;
  revokedAt: number | null;
}

export interface App {
  id: string;
  tenantId: string;
  ownerUserId: string;
  organizationId: string | null;
  teamId: string | null;
  name: string;
  description: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Returned once, when a key is created or rotated: the only time the full key is visible. */
export interface IssuedKey {
  key: AppKey;
  secret: string;
}
