import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { handleAccessControl } from "../../core/access/access.service";
import { signIn } from "../../core/accounts/accounts.service";
import type { Viewer } from "../../core/accounts/accounts.types";
import { verifyEmail } from "../../core/accounts/email-verification.service";
import { signInWithOneTap } from "../../core/accounts/one-tap.service";
import { requestPasswordReset, resetPassword } from "../../core/accounts/password-reset.service";
import { signUp } from "../../core/accounts/sign-up.service";
import { AppError } from "../../core/errors/app-error";
import { listJoinableOrganizations } from "../../core/orgs/orgs.service";
import type { Db } from "../../db/connection";
import { hasValidCsrfInHeaderOrBody, sessionControl } from "../session";
import { bodyField, isFormPost, safeReferral, sendFailure } from "./http-answers";

/*
 * HTTP surface of accounts (spec section 7, decision 020): sign-in/up/out, one-tap, password reset, access control.
 * Every POST needs the CSRF token (header csrf-token, or a csrfToken field in an HTML form) — sign-in included, so a
 * foreign page cannot sign a browser into an attacker's account. JSON callers get { data } or { error }; HTML form
 * posts get a 303 to the referral (success) or back to the form with ?error=CODE.
 * Sign-up never opens a session (decision 022): it answers "check your inbox" for new and registered addresses alike,
 * and the mailed link (verify-email) confirms the address and signs in.
 */

export const AUTH_PATHS = {
  signIn: "/authentication/sign-in",
  signUp: "/authentication/sign-up",
  verifyEmail: "/authentication/verify-email",
  logout: "/authentication/logout",
  oneTap: "/authentication/google/oneTapLogin",
  passwordResetRequest: "/authentication/password-reset",
  passwordResetConfirm: "/authentication/password-reset/confirm",
  accessControl: "/access-control",
} as const;

const CSRF_ERROR = new AppError("CSRF", "Invalid or missing CSRF token");

function publicUser(viewer: Viewer) {
  return {
    id: viewer.id,
    username: viewer.username,
    name: viewer.name,
    email: viewer.email,
    thumbnail: viewer.thumbnail,
  };
}

function requireCsrf(request: FastifyRequest) {
  if (!hasValidCsrfInHeaderOrBody(request)) throw CSRF_ERROR;
}

export function registerAuthRoutes(
  app: FastifyInstance,
  deps: { db: Db; publicUrl: string; signUpsPerIpPerHour: number },
): void {
  const { db } = deps;

  async function signedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: Viewer,
    extra: Record<string, unknown> = {},
    target?: string,
  ) {
    // Worked out before the session opens: nothing after start() may fail, or the browser is half signed in.
    const redirectTo = target ?? safeReferral(bodyField(request, "referral"));
    const { csrfToken } = await sessionControl(db, request, reply).start(viewer.id);
    if (isFormPost(request)) return reply.redirect(redirectTo, 303);
    reply.header("Cache-Control", "no-store");
    return reply.send({ data: { user: publicUser(viewer), csrfToken, redirectTo, ...extra } });
  }

  app.register(async (scope) => {
    // HTML forms post urlencoded bodies; parsed here only, as plain string fields.
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    scope.post(AUTH_PATHS.signIn, async (request, reply) => {
      try {
        requireCsrf(request);
        const viewer = await signIn(
          db,
          request.tenant.id,
          { email: bodyField(request, "email"), password: bodyField(request, "password") },
          { ip: request.ip },
        );
        return await signedIn(request, reply, viewer);
      } catch (error) {
        return sendFailure(request, reply, error, "/auth");
      }
    });

    scope.post(AUTH_PATHS.signUp, async (request, reply) => {
      try {
        requireCsrf(request);
        const { message } = await signUp(
          db,
          request.tenant,
          {
            email: bodyField(request, "email"),
            username: bodyField(request, "username"),
            password: bodyField(request, "password"),
          },
          {
            ip: request.ip,
            maxPerIpPerHour: deps.signUpsPerIpPerHour,
            publicUrl: deps.publicUrl,
            next: safeReferral(bodyField(request, "referral")),
          },
        );
        reply.header("Cache-Control", "no-store");
        if (isFormPost(request)) return reply.redirect("/auth/sign-up?sent=1", 303);
        return reply.send({ data: { message } });
      } catch (error) {
        return sendFailure(request, reply, error, "/auth/sign-up");
      }
    });

    scope.post(AUTH_PATHS.verifyEmail, async (request, reply) => {
      try {
        requireCsrf(request);
        const viewer = await verifyEmail(db, request.tenant.id, { token: bodyField(request, "token") });
        // With a proven address the Join Organization page may now have the user's company (spec section 6).
        const joinable = await listJoinableOrganizations({ db, tenantId: request.tenant.id, viewer });
        const target = joinable.length > 0 ? "/org/organizations/join" : safeReferral(bodyField(request, "referral"));
        return await signedIn(request, reply, viewer, {}, target);
      } catch (error) {
        return sendFailure(request, reply, error, "/auth/verify-email");
      }
    });

    scope.post(AUTH_PATHS.oneTap, async (request, reply) => {
      try {
        requireCsrf(request);
        const result = await signInWithOneTap(db, request.tenant, request.body);
        const { csrfToken } = await sessionControl(db, request, reply).start(result.user.id);
        reply.header("Cache-Control", "no-store");
        return reply.send({ isNewUser: result.isNewUser, csrfToken });
      } catch (error) {
        return sendFailure(request, reply, error, "/auth");
      }
    });

    scope.post(AUTH_PATHS.passwordResetRequest, async (request, reply) => {
      try {
        requireCsrf(request);
        const { message } = await requestPasswordReset(
          db,
          request.tenant,
          { email: bodyField(request, "email") },
          { publicUrl: deps.publicUrl },
        );
        if (isFormPost(request)) return reply.redirect("/auth?reset=requested", 303);
        return reply.send({ data: { message } });
      } catch (error) {
        return sendFailure(request, reply, error, "/auth/forgot-password");
      }
    });

    scope.post(AUTH_PATHS.passwordResetConfirm, async (request, reply) => {
      try {
        requireCsrf(request);
        const viewer = await resetPassword(db, request.tenant.id, {
          token: bodyField(request, "token"),
          password: bodyField(request, "password"),
        });
        return await signedIn(request, reply, viewer);
      } catch (error) {
        return sendFailure(request, reply, error, "/auth/reset-password");
      }
    });

    scope.post(AUTH_PATHS.accessControl, async (request, reply) => {
      try {
        // A read (the response is not readable cross-site), so no CSRF token is needed; it still needs a session.
        if (!request.viewer) throw new AppError("UNAUTHENTICATED", "Sign in to continue");
        const tree = await handleAccessControl(
          { db, tenantId: request.tenant.id, viewer: request.viewer },
          request.body,
        );
        reply.header("Cache-Control", "no-store");
        return reply.send(tree);
      } catch (error) {
        return sendFailure(request, reply, error, "/hub");
      }
    });
  });

  // Spec section 7: GET /authentication/logout ends the session and (spec section 4) lands on /hub.
  app.get(AUTH_PATHS.logout, async (request, reply) => {
    await sessionControl(db, request, reply).end();
    reply.header("Cache-Control", "no-store");
    // The client keeps only the theme in local storage (spec section 4); Clear-Site-Data would drop it too.
    return reply.redirect("/hub", 302);
  });
}
