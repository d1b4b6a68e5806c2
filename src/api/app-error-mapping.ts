import type { FastifyInstance, FastifyReply } from "fastify";
import { GraphQLError } from "graphql";
import { type AppError, fieldsOf, httpStatusOf, isAppError } from "../core/errors/app-error";

/*
 * The one AppError → HTTP / GraphQL mapping of the web service (docs/decisions/070-core-boundary.md): statuses come
 * from the code table in src/core/errors, bodies are shaped here. Route actions of the React Router app turn AppErrors
 * into form results with src/web/lib/route-errors.server.ts, which keeps the same code, message and fields.
 */

/** JSON body of HTTP refusals (auth and access-control routes, tenant and session checks): { error: { … } }. */
export function httpErrorBody(error: AppError) {
  const fields = fieldsOf(error);
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(fields ? { fields } : {}),
      ...(typeof error.details?.retryAfterSeconds === "number"
        ? { retryAfterSeconds: error.details.retryAfterSeconds }
        : {}),
    },
  };
}

/** Answers an AppError as JSON with its status (and Retry-After when the refusal names one). */
export function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  if (typeof error.details?.retryAfterSeconds === "number")
    reply.header("Retry-After", String(error.details.retryAfterSeconds));
  return reply.code(httpStatusOf(error.code)).type("application/json").send(httpErrorBody(error));
}

/** The GraphQL error a resolver's AppError becomes (maskError keeps everything else hidden). */
export function graphqlErrorOf(error: AppError): GraphQLError {
  const fields = fieldsOf(error);
  return new GraphQLError(error.message, {
    extensions: {
      // Payment failures carry a finer code (PAYMENT_DECLINED, …) for the client; see payment-messages.ts.
      code: typeof error.details?.graphqlCode === "string" ? error.details.graphqlCode : error.code,
      ...(error.details ? { details: error.details } : {}),
      ...(fields ? { fields } : {}),
    },
  });
}

/** A GraphQL response that refuses the request before it runs (upload guards): the status and { errors: [...] }. */
export function sendGraphQLRefusal(reply: FastifyReply, error: AppError): void {
  reply
    .status(httpStatusOf(error.code))
    .header("content-type", "application/json; charset=utf-8")
    .send({ errors: [{ message: error.message, extensions: { code: error.code } }] });
}

/**
 * Fastify's error handler: an AppError that escapes a route is answered like the routes answer it; anything else
 * goes on to Fastify's default handling (logged, 500 without details).
 */
export function registerAppErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, _request, reply) => {
    if (isAppError(error)) return sendAppError(reply, error);
    throw error;
  });
}
