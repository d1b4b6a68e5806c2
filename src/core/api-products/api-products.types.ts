import type { Visibility } from "../../db/schema";
import type { ApiResource } from "../catalog/catalog.types";

/** Whose APIs the studio shows and creates: the viewer's own, or an organization's. */
export interface PublishingContext {
  type: "User" | "Organization";
  /** apis.owner_id of this context's APIs (the user's id, or the organization's id). */
  ownerId: string;
  name: string;
  /** The owner's username: the first segment of the API page path. */
  ownerUsername: string;
}

export interface WriteOptions {
  /** Operator switch GATEWAY_ALLOW_PRIVATE_UPSTREAMS: upstream URLs may be private/loopback addresses. */
  allowPrivateUpstreams: boolean;
}

/** A row of the studio's list. */
export interface MyApi {
  id: string;
  name: string;
  slug: string;
  ownerUsername: string;
  shortDescription: string;
  visibility: Visibility;
  thumbnail: string | null;
  categoryName: string | null;
  version: string | null;
  endpointsCount: number;
  updatedAt: number;
}

/** What the edit form shows. */
export interface EditableApi {
  id: string;
  ownerId: string;
  ownerUsername: string;
  name: string;
  slug: string;
  categoryId: string | null;
  shortDescription: string;
  readme: string;
  visibility: Visibility;
  website: string | null;
  termsOfUse: string | null;
  thumbnail: string | null;
  upstreamUrl: string | null;
  /** What the health probe calls on the upstream; null: its base URL. */
  healthPath: string | null;
  features: string[];
  resources: ApiResource[];
  currentVersionId: string | null;
  version: string | null;
  endpointsCount: number;
  updatedAt: number;
}
