import { z } from "zod";
import { assertContentEnabled, spotlightsVisible } from "../../core/content/content-switches";
import {
  createSpotlight,
  deleteSpotlight,
  listSpotlights,
  moveSpotlight,
  type Spotlight,
  type SpotlightDeps,
  setSpotlightState,
  updateSpotlight,
} from "../../core/content/spotlights.service";
import {
  createTutorial,
  deleteTutorial,
  getTutorialPage,
  listTutorials,
  type Tutorial,
  updateTutorial,
} from "../../core/content/tutorials.service";
import type { GraphQLContext } from "./graphql-context";
import { argsOf, iso } from "./graphql-paging";

export const contentTypeDefs = /* GraphQL */ `
  "Spec section 4: draft, published, or unpublished after publishing."
  enum SpotlightState {
    DRAFT
    PUBLISHED
    UNPUBLISHED
  }
  enum SpotlightMove {
    LEFT
    RIGHT
  }
  "Spec section 3 Spotlight. Uploaded files are served from fileUrl."
  type Spotlight {
    id: ID!
    apiId: ID!
    title: String!
    description: String
    url: String
    fileUrl: String
    fileName: String
    fileIsImage: Boolean!
    state: SpotlightState!
    published: Boolean!
    draft: Boolean!
    position: Int!
    createdAt: String!
    updatedAt: String!
  }
  "Files are uploaded through the API page's spotlight editor (multipart form); GraphQL takes URLs."
  input SpotlightInput {
    title: String
    description: String
    url: String
    state: SpotlightState
    removeFile: Boolean
  }
  "Spec section 3 Tutorial."
  type Tutorial {
    id: ID!
    apiId: ID!
    slug: String!
    title: String!
    thumbnailUrl: String
    "Markdown source."
    body: String!
    draft: Boolean!
    publishedAt: String
    position: Int!
    authorUsername: String
    createdAt: String!
    updatedAt: String!
  }
  type TocEntry {
    id: String!
    text: String!
  }
  type TutorialLink {
    slug: String!
    title: String!
  }
  "Tutorial detail: sanitized HTML, table of contents from H1 headings, previous and next."
  type TutorialPage {
    tutorial: Tutorial!
    html: String!
    toc: [TocEntry!]!
    previous: TutorialLink
    next: TutorialLink
    canEdit: Boolean!
  }
  input TutorialInput {
    title: String
    thumbnailUrl: String
    body: String
    draft: Boolean
  }
  extend type Query {
    "Published spotlights; with includeUnpublished, drafts too for the API's editors."
    apiSpotlights(apiId: ID!, includeUnpublished: Boolean): [Spotlight!]!
    "Published tutorials; drafts too for the API's editors."
    apiTutorials(apiId: ID!): [Tutorial!]!
    "NOT_FOUND 'Tutorial Not Found' for unknown slugs and for drafts the viewer may not see."
    tutorial(apiId: ID!, slug: String!): TutorialPage!
  }
  extend type Mutation {
    createSpotlight(apiId: ID!, input: SpotlightInput!): Spotlight!
    updateSpotlight(id: ID!, input: SpotlightInput!): Spotlight!
    setSpotlightState(id: ID!, state: SpotlightState!): Spotlight!
    "Swaps the spotlight with its neighbour; answers the API's spotlights in their new order."
    moveSpotlight(id: ID!, direction: SpotlightMove!): [Spotlight!]!
    deleteSpotlight(id: ID!): Boolean!
    createTutorial(apiId: ID!, input: TutorialInput!): Tutorial!
    updateTutorial(id: ID!, input: TutorialInput!): Tutorial!
    deleteTutorial(id: ID!): Boolean!
  }
`;

const id = z.string().min(1).max(64);
const text = (max: number) => z.string().max(max).nullish();
const stateEnum = z.enum(["DRAFT", "PUBLISHED", "UNPUBLISHED"]);

const spotlightInput = z.strictObject({
  title: text(1_000),
  description: text(5_000),
  url: text(4_096),
  state: stateEnum.nullish(),
  removeFile: z.boolean().nullish(),
});

const tutorialInput = z.strictObject({
  title: text(1_000),
  thumbnailUrl: text(4_096),
  body: text(200_000),
  draft: z.boolean().nullish(),
});

/** Path of a spotlight's stored file (served by the web app's spotlight-files route). */
export function spotlightFileUrl(spotlightId: string): string {
  return `/spotlight-files/${encodeURIComponent(spotlightId)}`;
}

function spotlightNode(s: Spotlight) {
  return {
    ...s,
    fileUrl: s.hasFile ? spotlightFileUrl(s.id) : null,
    state: s.state.toUpperCase(),
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
  };
}

function tutorialNode(t: Tutorial) {
  return {
    ...t,
    publishedAt: t.publishedAt === null ? null : iso(t.publishedAt),
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
}

/** GraphQL input → core input: absent keys stay absent (they keep their value on update), null clears. */
function spotlightInputOf(raw: z.infer<typeof spotlightInput>) {
  return {
    ...(raw.title !== undefined ? { title: raw.title } : {}),
    ...(raw.description !== undefined ? { description: raw.description } : {}),
    ...(raw.url !== undefined ? { url: raw.url } : {}),
    ...(raw.state ? { state: raw.state.toLowerCase() as "draft" | "published" | "unpublished" } : {}),
    ...(raw.removeFile ? { removeFile: true } : {}),
  };
}

function tutorialInputOf(raw: z.infer<typeof tutorialInput>) {
  return {
    ...(raw.title !== undefined && raw.title !== null ? { title: raw.title } : {}),
    ...(raw.thumbnailUrl !== undefined ? { thumbnailUrl: raw.thumbnailUrl } : {}),
    ...(raw.body !== undefined && raw.body !== null ? { body: raw.body } : {}),
    ...(raw.draft !== undefined && raw.draft !== null ? { draft: raw.draft } : {}),
  };
}

/** Resolvers for spotlights, tutorials and discussions; thin over src/core/content (policies live there). */
const deps = (ctx: GraphQLContext): SpotlightDeps => ({
  storage: ctx.providers.storage,
  limits: ctx.tenant.config.spotlightFiles,
});

export const contentResolvers = {
  Query: {
    apiSpotlights: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ apiId: id, includeUnpublished: z.boolean().nullish() }), args);
      // With the spotlight switch off nothing shows to readers; editors still list them all to manage them.
      if (!spotlightsVisible(ctx.tenant.config) && a.includeUnpublished !== true) return [];
      const list = await listSpotlights({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.apiId, {
        includeUnpublished: a.includeUnpublished === true,
      });
      return list.map(spotlightNode);
    },
    apiTutorials: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      assertContentEnabled(ctx.tenant.config, "tutorials");
      const a = argsOf(z.object({ apiId: id }), args);
      return (await listTutorials({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.apiId)).map(
        tutorialNode,
      );
    },
    tutorial: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      assertContentEnabled(ctx.tenant.config, "tutorials");
      const a = argsOf(z.object({ apiId: id, slug: z.string().min(1).max(120) }), args);
      const page = await getTutorialPage({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.apiId, a.slug);
      return {
        tutorial: tutorialNode(page.tutorial),
        html: page.rendered.html,
        toc: page.rendered.toc,
        previous: page.previous,
        next: page.next,
        canEdit: page.canEdit,
      };
    },
  },
  Mutation: {
    createSpotlight: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ apiId: id, input: spotlightInput }), args);
      const created = await createSpotlight(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
        a.apiId,
        spotlightInputOf(a.input),
        null,
        deps(ctx),
      );
      return spotlightNode(created);
    },
    updateSpotlight: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ id, input: spotlightInput }), args);
      const updated = await updateSpotlight(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
        a.id,
        spotlightInputOf(a.input),
        null,
        deps(ctx),
      );
      return spotlightNode(updated);
    },
    setSpotlightState: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ id, state: stateEnum }), args);
      return spotlightNode(
        await setSpotlightState(
          { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
          a.id,
          a.state.toLowerCase(),
        ),
      );
    },
    moveSpotlight: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ id, direction: z.enum(["LEFT", "RIGHT"]) }), args);
      const direction = a.direction === "LEFT" ? "left" : "right";
      return (await moveSpotlight({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.id, direction)).map(
        spotlightNode,
      );
    },
    deleteSpotlight: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      const a = argsOf(z.object({ id }), args);
      return deleteSpotlight({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.id, deps(ctx));
    },
    createTutorial: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      assertContentEnabled(ctx.tenant.config, "tutorials");
      const a = argsOf(z.object({ apiId: id, input: tutorialInput }), args);
      const input = tutorialInputOf(a.input);
      const created = await createTutorial({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.apiId, {
        ...input,
        title: input.title ?? "",
        body: input.body ?? "",
      });
      return tutorialNode(created);
    },
    updateTutorial: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      assertContentEnabled(ctx.tenant.config, "tutorials");
      const a = argsOf(z.object({ id, input: tutorialInput }), args);
      return tutorialNode(
        await updateTutorial(
          { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
          a.id,
          tutorialInputOf(a.input),
        ),
      );
    },
    deleteTutorial: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      assertContentEnabled(ctx.tenant.config, "tutorials");
      const a = argsOf(z.object({ id }), args);
      return deleteTutorial({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.id);
    },
  },
};
