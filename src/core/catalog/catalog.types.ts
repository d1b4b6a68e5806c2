import type { PricingType, Visibility } from "../../db/schema";

/** What an API card shows (hub carousel, category, collection, search). */
export interface ApiCard {
  id: string;
  name: string;
  slug: string;
  ownerUsername: string;
  thumbnail: string | null;
  shortDescription: string;
  visibility: Visibility;
  pricingType: PricingType;
  categoryName: string | null;
  categorySlug: string | null;
  rating: number;
  ratingVotes: number;
  /** True while rating and ratingVotes are the demo catalog's generated numbers (no real rating yet). */
  ratingIsDemo: boolean;
  followersCount: number;
  popularity: number;
  latencyMs: number | null;
  serviceLevel: number | null;
  isDemoData: boolean;
  updatedAt: number;
  /** The API has a current spec, so its endpoints can be browsed and tried (the cards' "Documented" badge). */
  documented: boolean;
}

export interface CategorySummary {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  apiCount: number;
}

export interface CollectionSummary {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  thumbnail: string | null;
  apiCount: number;
}

export interface Paged<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}

export interface ApiResource {
  title: string;
  url: string;
}

/** Everything the API page header and About tab show. */
export interface ApiDetail extends ApiCard {
  ownerName: string;
  providerName: string | null;
  website: string | null;
  termsOfUse: string | null;
  readme: string;
  features: string[];
  resources: ApiResource[];
  authType: string | null;
  cors: string | null;
  healthCheck: number | null;
  createdAt: number;
  currentVersion: { id: string; version: string; sourceFormat: string; endpointsCount: number } | null;
}

export interface EndpointParameter {
  name: string;
  in: string;
  required: boolean;
  description: string | null;
  schema: unknown;
}

/** One operation of the stored spec, as listed on the Endpoints tab. */
export interface EndpointSummary {
  id: string;
  method: string;
  path: string;
  operationId: string | null;
  summary: string | null;
  description: string | null;
  tags: string[];
  parameters: EndpointParameter[];
}
