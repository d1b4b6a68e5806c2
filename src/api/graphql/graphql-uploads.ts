import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { assertUploadLength } from "../../core/api-specs/spec-uploads";
import { isAppError } from "../../core/errors/app-error";

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
    reply
      .status(error.status)
      .header("content-type", "application/json; charset=utf-8")
      .send({ errors: [{ message: error.message, extensions: { code: error.code } }] });
    return true;
  }
}
