import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { maxTokensPlugin } from "@escape.tech/graphql-armor-max-tokens";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GraphQLError, NoSchemaIntrospectionCustomRule } from "graphql";
import { createSchema, createYoga, type Plugin } from "graphql-yoga";
import { negotiateLocale } from "../../common/i18n/locale-path";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../common/locales";
import { type Config, publicBaseUrl } from "../../config";
import type { SpecImportServices } from "../../core/api-specs/api-specs.types";
import { isAppError } from "../../core/errors/app-error";
import type { Providers } from "../../core/providers";
import type { Db } from "../../db/connection";
import { graphqlErrorOf } from "../app-error-mapping";
import { hasValidCsrf } from "../csrf";
import { LOCALE_COOKIE } from "../page-handler";
import { sessionControl } from "../session";
import { accessResolvers, accessTypeDefs } from "./access.graphql";
import { accountsResolvers, accountsTypeDefs } from "./accounts.graphql";
import { adminResolvers, adminTypeDefs } from "./admin.graphql";
import { analyticsResolvers, analyticsTypeDefs } from "./analytics.graphql";
import { apiProductsTypeDefs, createApiProductsResolvers } from "./api-products.graphql";
import { appsTypeDefs, createAppsResolvers } from "./apps.graphql";
import { billingResolvers, billingTypeDefs } from "./billing.graphql";
import { catalogResolvers, catalogTypeDefs } from "./catalog.graphql";
import { catalogI18nResolvers } from "./catalog-i18n.graphql";
import { contentResolvers, contentTypeDefs } from "./content.graphql";
import { discussionsResolvers, discussionsTypeDefs } from "./discussions.graphql";
import type { GraphQLContext } from "./graphql-context";
import { guardExecutingOperation, hideValidationSuggestions } from "./graphql-request-guard";
import { acceptGraphQLMultipart, isMultipart, refuseForgeableUpload, refuseOversizedUpload } from "./graphql-uploads";
import { mcpResolvers, mcpTypeDefs } from "./mcp.graphql";
import { messagesResolvers, messagesTypeDefs } from "./messages.graphql";
import { notificationsResolvers, notificationsTypeDefs } from "./notifications.graphql";
import { orgsResolvers, orgsTypeDefs } from "./orgs.graphql";
import { plansResolvers, plansTypeDefs } from "./plans.graphql";
import { ratingsResolvers, ratingsTypeDefs } from "./ratings.graphql";
import { searchResolvers, searchTypeDefs } from "./search.graphql";
import { socialResolvers, socialTypeDefs } from "./social.graphql";
import { tenantSettingsResolvers, tenantSettingsTypeDefs } from "./tenant-settings.graphql";

/** The language cookie (the visitor's choice), else the best Accept-Language match, else en-US. */
export function requestLocale(cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  let chosen = "";
  try {
    chosen = cookie ? decodeURIComponent(cookie) : "";
  } catch {
    // A malformed cookie counts as no choice.
  }
  if (isLocale(chosen)) return chosen;
  return negotiateLocale(acceptLanguage) ?? DEFAULT_LOCALE;
}

export const GRAPHQL_PATH = "/gateway/graphql";
export const GRAPHQL_LIMITS = { maxTokens: 2_000, maxDepth: 10, maxAliases: 20, maxBodyBytes: 256 * 1024 };

/** The served schema's type definitions (tests build the schema from them to check client documents). */
export const graphqlTypeDefs = [
  catalogTypeDefs,
  searchTypeDefs,
  accountsTypeDefs,
  orgsTypeDefs,
  socialTypeDefs,
  accessTypeDefs,
  appsTypeDefs,
  plansTypeDefs,
  mcpTypeDefs,
  contentTypeDefs,
  discussionsTypeDefs,
  apiProductsTypeDefs,
  billingTypeDefs,
  notificationsTypeDefs,
  messagesTypeDefs,
  adminTypeDefs,
  ratingsTypeDefs,
  tenantSettingsTypeDefs,
  analyticsTypeDefs,
];

type ServerContext = { req: FastifyRequest; reply: FastifyReply };

function disableIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}

/** POST /gateway/graphql: the spec's GraphQL contract, thin over src/core. */
export function registerGraphQL(
  app: FastifyInstance,
  deps: { db: Db; config: Config; providers: Providers; specImports: SpecImportServices },
): void {
  const yoga = createYoga<ServerContext, GraphQLContext>({
    graphqlEndpoint: GRAPHQL_PATH,
    schema: createSchema<ServerContext & GraphQLContext>({
      typeDefs: graphqlTypeDefs,
      resolvers: [
        catalogResolvers,
        catalogI18nResolvers,
        searchResolvers,
        accountsResolvers,
        orgsResolvers,
        socialResolvers,
        accessResolvers,
        createAppsResolvers(deps.config),
        plansResolvers,
        mcpResolvers,
        contentResolvers,
        discussionsResolvers,
        createApiProductsResolvers(deps.config),
        billingResolvers,
        notificationsResolvers,
        messagesResolvers,
        adminResolvers,
        ratingsResolvers,
        tenantSettingsResolvers,
        analyticsResolvers,
      ],
    }),
    graphiql: false,
    landingPage: false,
    batching: false,
    logging: false,
    context: ({ req, reply }): GraphQLContext => ({
      db: deps.db,
      providers: deps.providers,
      tenant: req.tenant,
      csrfValid: hasValidCsrf(req),
      viewer: req.viewer ?? null,
      session: sessionControl(deps.db, req, reply),
      clientIp: req.ip,
      publicUrl: publicBaseUrl(deps.config),
      signUpsPerIpPerHour: deps.config.SIGN_UP_MAX_PER_IP_PER_HOUR,
      specImports: deps.specImports,
      locale: requestLocale(req.cookies[LOCALE_COOKIE], req.headers["accept-language"]),
    }),
    maskedErrors: {
      maskError(error, message) {
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (isAppError(original)) return graphqlErrorOf(original);
        if (error instanceof GraphQLError && !error.originalError) return error;
        app.log.error({ err: original }, "GraphQL resolver failed");
        deps.providers.errors.report(original, { source: "graphql" });
        return new GraphQLError(message, { extensions: { code: "INTERNAL" } });
      },
    },
    plugins: [
      maxTokensPlugin({ n: GRAPHQL_LIMITS.maxTokens }),
      maxDepthPlugin({ n: GRAPHQL_LIMITS.maxDepth, flattenFragments: true }),
      maxAliasesPlugin({ n: GRAPHQL_LIMITS.maxAliases }),
      // CSRF for mutations, variables and the cost budget, on the operation that will run (decision 023).
      guardExecutingOperation({ hideSuggestions: !deps.config.GRAPHQL_INTROSPECTION }),
      ...(deps.config.GRAPHQL_INTROSPECTION ? [] : [disableIntrospection(), hideValidationSuggestions()]),
    ],
  });

  // A scope of its own: multipart bodies (spec uploads) pass through to yoga here only.
  app.register(async (scope) => {
    acceptGraphQLMultipart(scope);
    scope.route({
      url: GRAPHQL_PATH,
      method: ["POST"],
      bodyLimit: GRAPHQL_LIMITS.maxBodyBytes,
      handler: async (req, reply) => {
        if (isMultipart(req) && (refuseForgeableUpload(req, reply) || refuseOversizedUpload(req, reply))) return reply;
        const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
        for (const [name, value] of response.headers) reply.header(name, value);
        reply.status(response.status);
        reply.send(response.body);
        return reply;
      },
    });
  });
}
