import { z } from "zod";
import { assertContentEnabled } from "../../core/content/content-switches";
import { markDiscussionAnswer } from "../../core/content/discussion-answers.service";
import {
  addDiscussionComment,
  createDiscussion,
  type Discussion,
  type DiscussionComment,
  getDiscussionThread,
  listDiscussions,
} from "../../core/content/discussions.service";
import { toUseCaseContext } from "../../core/use-case-context";
import { decodeCursor } from "./cursor";
import type { GraphQLContext } from "./graphql-context";
import { argsOf, iso, MAX_LIST_PAGE } from "./graphql-paging";

/** The API's discussions (spec section 3 Discussion): threads, comments and the marked answer. */
export const discussionsTypeDefs = /* GraphQL */ `
  type DiscussionAuthor {
    username: String
    thumbnail: String
  }
  enum DiscussionKind {
    QUESTION
    ANSWER
  }
  "Spec section 3 Discussion (issue)."
  type Discussion {
    id: ID!
    apiId: ID!
    title: String!
    body: String!
    kind: DiscussionKind!
    commentsCount: Int!
    "The reply marked as the answer by the thread's author or the API's provider; null while none is."
    answerCommentId: ID
    author: DiscussionAuthor!
    createdAt: String!
    lastActivityAt: String!
  }
  type DiscussionComment {
    id: ID!
    discussionId: ID!
    parentId: ID
    body: String!
    bodyHtml: String!
    kind: DiscussionKind!
    author: DiscussionAuthor!
    createdAt: String!
  }
  type DiscussionConnection {
    total: Int!
    nodes: [Discussion!]!
  }
  type DiscussionThread {
    discussion: Discussion!
    bodyHtml: String!
    comments: [DiscussionComment!]!
    "The viewer may mark a reply as the answer."
    canMarkAnswer: Boolean!
  }
  extend type Query {
    "Newest first."
    apiDiscussions(apiId: ID!, first: Int, after: String): DiscussionConnection!
    discussion(id: ID!): DiscussionThread!
  }
  extend type Mutation {
    "Signed-in users; 'Title and body required in order to post a new discussion'."
    createDiscussion(apiId: ID!, title: String!, body: String!): Discussion!
    addDiscussionComment(discussionId: ID!, body: String!, parentId: ID): DiscussionComment!
    "The thread's author or the API's provider marks a reply as the answer; commentId null unmarks it."
    markDiscussionAnswer(discussionId: ID!, commentId: ID): Discussion!
  }
`;

const id = z.string().min(1).max(64);

function discussionNode(d: Discussion) {
  return { ...d, kind: d.kind.toUpperCase(), createdAt: iso(d.createdAt), lastActivityAt: iso(d.lastActivityAt) };
}

function commentNode(c: DiscussionComment) {
  return { ...c, kind: c.kind.toUpperCase(), createdAt: iso(c.createdAt) };
}

export const discussionsResolvers = {
  Query: {
    apiDiscussions: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      assertContentEnabled(ctx.tenant.config, "discussions");
      const a = argsOf(
        z.object({ apiId: id, first: z.number().int().min(1).nullish(), after: z.string().max(64).nullish() }),
        args,
      );
      const page = await listDiscussions({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.apiId, {
        limit: Math.min(a.first ?? 20, MAX_LIST_PAGE),
        offset: decodeCursor(a.after),
      });
      return { total: page.total, nodes: page.nodes.map(discussionNode) };
    },
    discussion: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      assertContentEnabled(ctx.tenant.config, "discussions");
      const a = argsOf(z.object({ id }), args);
      const thread = await getDiscussionThread({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.id);
      return {
        discussion: discussionNode(thread.discussion),
        bodyHtml: thread.bodyHtml,
        comments: thread.comments.map(commentNode),
        canMarkAnswer: thread.canMarkAnswer,
      };
    },
  },
  Mutation: {
    createDiscussion: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      assertContentEnabled(ctx.tenant.config, "discussions");
      const a = argsOf(z.object({ apiId: id, title: z.string().max(10_000), body: z.string().max(100_000) }), args);
      const created = await createDiscussion({ db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer }, a.apiId, {
        title: a.title,
        body: a.body,
      });
      return discussionNode(created);
    },
    addDiscussionComment: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      assertContentEnabled(ctx.tenant.config, "discussions");
      const a = argsOf(z.object({ discussionId: id, body: z.string().max(100_000), parentId: id.nullish() }), args);
      const comment = await addDiscussionComment(
        { db: ctx.db, tenantId: ctx.tenant.id, viewer: ctx.viewer },
        a.discussionId,
        {
          body: a.body,
          parentId: a.parentId ?? null,
        },
      );
      return commentNode(comment);
    },
    markDiscussionAnswer: async (_: unknown, args: unknown, ctx: GraphQLContext) => {
      assertContentEnabled(ctx.tenant.config, "discussions");
      const a = argsOf(z.object({ discussionId: id, commentId: id.nullish() }), args);
      return discussionNode(await markDiscussionAnswer(toUseCaseContext(ctx), a));
    },
  },
};
