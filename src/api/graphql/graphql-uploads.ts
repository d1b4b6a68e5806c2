import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { assertUploadLength } from "../../core/api-specs/spec-uploads";
import { AppError, isAppError } from "../../core/errors/app-error";
import { sendGraphQLRefusal } from "../app-error-mapping";
import { hasValidCsrf } from "../csrf";

/**
 * GraphQL multipart requests (https://github.com/jaydenseric/graphql-multipart-request-spec), used by importApiSpec's
 * `upload`. graphql-yoga parses them itself, so Fastify only lets the body through, in the scope of the GraphQL route.
 */
export function acceptGraphQLMultipart(scope: FastifyInstance): void {
  scope.addContentTypeParser("multipart/form-data", (_request, _payload, done) => done(null));
}

export function isMultipart(req: FastifyRequest): boolean {
  return (req.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/form-data");
}

/**
 * A multipart body is what a plain HTML form can post from another site (no preflight), and GraphQL uses it only for
 * uploads, which are mutations: every multipart request needs the csrf-token header, which a form cannot set, query or
 * not (decision 023). Checked before the body is read. Answers 419 and returns true when the request was refused.
 */
export function refuseForgeableUpload(req: FastifyRequest, reply: FastifyReply): boolean {
  if (hasValidCsrf(req)) return false;
  sendGraphQLRefusal(reply, new AppError("CSRF", "Invalid or missing CSRF token"));
  return true;
}

/**
 * The studio upload's size rule for a multipart GraphQL request: a Content-Length is required and may not exceed the
 * archive limit (HTTP/1.1 framing stops a body at its Content-Length). Answers the refusal as a GraphQL error
 * response and returns true when the request was refused.
 */
export function refuseOversizedUpload(req: FastifyRequest, reply: FastifyReply): boolean {
  try {
    assertUploadLength(req.headers["content-length"]);
    return false;
  } catch (error) {
    if (!isAppError(error)) throw error;
    sendGraphQLRefusal(reply, error);
    return true;
  }
}
