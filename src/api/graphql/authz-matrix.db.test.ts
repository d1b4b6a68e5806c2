import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDialect } from "../../../tests/db-dialects";
import { createTestApi } from "../../../tests/factories/apis";
import { createTestCategory } from "../../../tests/factories/categories";
import { createTestCollection } from "../../../tests/factories/collections";
import { createTestTenant } from "../../../tests/factories/tenants";
import { testProviders } from "../../../tests/providers";
import { TestBrowser } from "../../../tests/test-browser";
import { loadConfig } from "../../config";
import { inviteToApi } from "../../core/access/private-apis.service";
import { createUser, getViewer, setPassword } from "../../core/accounts/accounts.service";
import type { Viewer } from "../../core/accounts/accounts.types";
import { selectOutboxFor } from "../../core/accounts/mail-outbox.queries";
import { requestPasswordReset } from "../../core/accounts/password-reset.service";
import { createSession } from "../../core/accounts/sessions.service";
import { signUp } from "../../core/accounts/sign-up.service";
import { createAlert } from "../../core/analytics/alerts.service";
import { ImportProgressBoard } from "../../core/api-specs/import-progress";
import { createApp, createAppKey } from "../../core/apps/apps.service";
import { createInvoice } from "../../core/billing/invoices.service";
import { addDiscussionComment, createDiscussion } from "../../core/content/discussions.service";
import { createSpotlight } from "../../core/content/spotlights.service";
import { createTutorial } from "../../core/content/tutorials.service";
import { sendApiMessage } from "../../core/messages/messages.service";
import { writeUsageBatch } from "../../core/metering/metering.queries";
import { createNotification } from "../../core/notifications/notifications.service";
import { addOrganizationMember, createOrganization } from "../../core/orgs/orgs.service";
import { addTeamDevelopers, createTeam } from "../../core/orgs/teams.service";
import { createPlan } from "../../core/plans/plans.service";
import { rateApi } from "../../core/ratings/ratings.service";
import { listReviews } from "../../core/ratings/reviews.service";
import { SpecWorkerPool } from "../../core/specs/spec-worker-pool";
import { subscribeToPlan } from "../../core/subscriptions/subscriptions.service";
import { listTenantSettingsVersions, saveTenantSettings } from "../../core/tenants/tenant-settings.service";
import type { TenantInfo } from "../../core/tenants/tenants.types";
import type { Db } from "../../db/connection";
import { buildWebServer } from "../web-server";

/*
 * Authorization matrix (decision 020): every Query and Mutation field of the served schema × 7 principals → expected
 * outcome, executed through the real Fastify + yoga server. The schema is read by introspection, so an operation
 * added without an entry here fails the "covers every operation" test.
 *
 * Outcomes: allow (no error, non-null and non-false result) · deny (UNAUTHENTICATED / FORBIDDEN / NOT_FOUND, or a
 * null/false result: "not found" and "not yours" look the same) · refused (BAD_REQUEST / CONFLICT: allowed to ask,
 * but the request is invalid, e.g. self-follow, removing the last admin). Anything else fails the test.
 *
 * "otherTenant" is signed in on tenant 2 and sends tenant 1's ids: it must never see or change tenant 1's data, and
 * tenant 1's identifiers must never appear in its response data.
 */

const PRINCIPALS = ["anonymous", "user", "orgMember", "orgAdmin", "invited", "otherTenant", "admin"] as const;
type Principal = (typeof PRINCIPALS)[number];
type Outcome = "allow" | "deny" | "refused";
type Expectation = Record<Principal, Outcome>;

interface Fixture {
  t1: TenantInfo;
  t2: TenantInfo;
  users: Record<Exclude<Principal, "anonymous">, Viewer>;
  orgId: string;
  orgSlug: string;
  joinOrgId: string;
  teamId: string;
  publicApi: { id: string; slug: string; name: string };
  privateApiId: string;
  categorySlug: string;
  collectionSlug: string;
}

interface Case {
  query: string;
  vars?: (f: Fixture, p: Principal) => Promise<Record<string, unknown>> | Record<string, unknown>;
  expect: Expectation;
}

function all(outcome: Outcome): Expectation {
  return Object.fromEntries(PRINCIPALS.map((p) => [p, outcome])) as Expectation;
}
/** Everyone allowed except the listed principals (denied). */
function allBut(...denied: Principal[]): Expectation {
  return Object.fromEntries(PRINCIPALS.map((p) => [p, denied.includes(p) ? "deny" : "allow"])) as Expectation;
}
/** Only the listed principals allowed. */
function only(...allowed: Principal[]): Expectation {
  return Object.fromEntries(PRINCIPALS.map((p) => [p, allowed.includes(p) ? "allow" : "deny"])) as Expectation;
}
function withOutcome(base: Expectation, overrides: Partial<Expectation>): Expectation {
  return { ...base, ...overrides };
}

const VERIFY_OPTIONS = { publicUrl: "http://hub.test" };

let seq = 0;
const next = () => ++seq;

/** A fresh organization of tenant 1 owned by orgAdmin, optionally with orgMember as member (and developer). */
async function freshOrg(f: Fixture, db: () => import("../../db/connection").Db, withMember: boolean) {
  const org = await createOrganization(
    { db: db(), tenantId: f.t1.id, viewer: f.users.orgAdmin },
    { name: `Fresh Org ${next()}` },
  );
  if (withMember)
    await addOrganizationMember({ db: db(), tenantId: f.t1.id, viewer: f.users.orgAdmin }, org.id, {
      username: f.users.orgMember.username,
    });
  return org.id;
}

/** Content owned by orgAdmin on the public API, made fresh for each principal (one may delete what another reads). */
async function matrixSpotlight(db: Db, f: Fixture): Promise<string> {
  const deps = { storage: testProviders(db).storage, limits: f.t1.config.spotlightFiles };
  const input = { title: `Spot ${next()}`, url: "https://x.test/s" };
  return (await createSpotlight({ db, tenantId: f.t1.id, viewer: f.users.orgAdmin }, f.publicApi.id, input, null, deps))
    .id;
}

async function matrixTutorial(db: Db, f: Fixture, draft: boolean) {
  return createTutorial({ db, tenantId: f.t1.id, viewer: f.users.orgAdmin }, f.publicApi.id, {
    title: `Tutorial ${next()}`,
    body: "# A",
    draft,
  });
}

async function matrixDiscussion(db: Db, f: Fixture): Promise<string> {
  const input = { title: `Question ${next()}`, body: "Body" };
  return (await createDiscussion({ db, tenantId: f.t1.id, viewer: f.users.invited }, f.publicApi.id, input)).id;
}

/** invited's question on the public API with one reply of orgMember's: the ids to mark it as the answer. */
async function matrixAnsweredDiscussion(db: Db, f: Fixture): Promise<{ d: string; c: string }> {
  const d = await matrixDiscussion(db, f);
  const reply = await addDiscussionComment({ db, tenantId: f.t1.id, viewer: f.users.orgMember }, d, {
    body: "Like this",
  });
  return { d, c: reply.id };
}

/** A fresh public API of orgAdmin's, rated (with a review) by `rater` when given. */
async function matrixRatedApi(db: Db, f: Fixture, rater: Viewer | null): Promise<{ apiId: string; reviewId: string }> {
  const apiId = (await createTestApi(db, f.t1.id, { owner_id: f.users.orgAdmin.id })).id;
  if (!rater || rater.tenantId !== f.t1.id || rater.id === f.users.orgAdmin.id) return { apiId, reviewId: "" };
  await rateApi({ db, tenantId: f.t1.id, viewer: rater }, apiId, { stars: 4, title: "Good", body: "Works" });
  const page = await listReviews({ db, tenantId: f.t1.id, viewer: rater }, apiId);
  return { apiId, reviewId: page.mine?.id ?? "" };
}

const matrixThreads = new WeakMap<Db, Promise<string>>();
/** One conversation per database, user → orgAdmin about the public API, shared by the message rows (sending is throttled). */
function matrixThread(db: Db, f: Fixture): Promise<string> {
  let thread = matrixThreads.get(db);
  if (!thread) {
    thread = sendApiMessage(
      { db, tenantId: f.t1.id, viewer: f.users.user },
      {
        apiId: f.publicApi.id,
        subject: "Matrix thread",
        body: "Hello",
      },
    ).then((r) => r.threadId);
    matrixThreads.set(db, thread);
  }
  return thread;
}

/** A personal app of `owner` (a principal's own tenant), fresh per call. */
async function matrixApp(db: Db, owner: Viewer): Promise<string> {
  return (await createApp({ db, tenantId: owner.tenantId, viewer: owner }, { name: `Matrix App ${next()}` })).id;
}

/** A free plan on a fresh API of orgAdmin (one API per plan keeps clear of the plans-per-API limit). */
async function matrixPlan(db: Db, f: Fixture, options: { approvalRequired?: boolean } = {}) {
  const api = await createTestApi(db, f.t1.id, { owner_id: f.users.orgAdmin.id });
  return createPlan({ db, tenantId: f.t1.id, viewer: f.users.orgAdmin }, api.id, {
    name: `Plan ${next()}`,
    ...options,
  });
}

/** uli's app subscribed to a fresh plan of orgAdmin's: uli is the consumer, orgAdmin the provider. */
async function matrixSubscription(db: Db, f: Fixture, approvalRequired: boolean): Promise<string> {
  const plan = await matrixPlan(db, f, { approvalRequired });
  const appId = await matrixApp(db, f.users.user);
  return (await subscribeToPlan({ db, tenantId: f.t1.id, viewer: f.users.user }, plan.id, appId)).id;
}

function matrix(db: () => import("../../db/connection").Db, progress: ImportProgressBoard): Record<string, Case> {
  const signedInT1 = allBut("anonymous", "otherTenant");
  const signedIn = allBut("anonymous");
  return {
    // ---- catalog (foundation) ----
    categories: { query: "{ categories { slug } }", expect: all("allow") },
    category: {
      query: "query($slug: String!) { category(slug: $slug) { category { slug } } }",
      vars: (f) => ({ slug: f.categorySlug }),
      expect: allBut("otherTenant"),
    },
    collections: { query: "{ collections { slug } }", expect: all("allow") },
    collection: {
      query: "query($slug: String!) { collection(slug: $slug) { collection { slug } } }",
      vars: (f) => ({ slug: f.collectionSlug }),
      expect: allBut("otherTenant"),
    },
    apis: { query: "{ apis { total nodes { id } } }", expect: all("allow") },
    api: {
      query: "query($u: String!, $s: String!) { api(username: $u, slug: $s) { id } }",
      vars: (f) => ({ u: f.users.orgAdmin.username, s: f.publicApi.slug }),
      expect: allBut("otherTenant"),
    },
    apiEndpoints: {
      query: "query($id: ID!) { apiEndpoints(apiId: $id) { total } }",
      vars: (f) => ({ id: f.publicApi.id }),
      // Another tenant's API id yields an empty list (checked for leaks below), not an error.
      expect: all("allow"),
    },
    // ---- notifications (foundation: the top bar's tray) ----
    newNotificationsByUserId: {
      query: "{ newNotificationsByUserId { unreadCount nodes { id } } }",
      expect: signedIn,
    },
    markNewNotificationAsRead: {
      query: "mutation($id: ID) { markNewNotificationAsRead(notificationId: $id) { unreadCount } }",
      // uli's own notification: everybody else gets "not found".
      vars: async (f) => ({ id: await createNotification(db(), f.t1.id, f.users.user.id, { title: "Matrix" }) }),
      expect: only("user"),
    },
    // ---- contact the creator and notification preferences (decisions 085, 086) ----
    messageThreads: {
      query: 'query { messageThreads(box: "consumer") { unreadCount nodes { id } } }',
      expect: signedIn,
    },
    messageThread: {
      query: "query($id: ID!) { messageThread(id: $id) { id side messages { body } } }",
      // user wrote to orgAdmin's API: its two sides read it, nobody else.
      vars: async (f) => ({ id: await matrixThread(db(), f) }),
      expect: only("user", "orgAdmin"),
    },
    notificationPreferences: {
      query: "{ notificationPreferences { emailDigest items { kind channel } } }",
      expect: signedIn,
    },
    contactApiProvider: {
      query:
        'mutation($id: ID!) { contactApiProvider(apiId: $id, subject: "Matrix", body: "Hello from the matrix") { threadId } }',
      vars: (f) => ({ id: f.publicApi.id }),
      // The owner cannot contact themself; another tenant's API does not exist there.
      expect: withOutcome(allBut("anonymous", "otherTenant"), { orgAdmin: "refused" }),
    },
    replyToMessageThread: {
      query: 'mutation($id: ID!) { replyToMessageThread(threadId: $id, body: "Reply") { messageId } }',
      vars: async (f) => ({ id: await matrixThread(db(), f) }),
      expect: only("user", "orgAdmin"),
    },
    updateMessageThread: {
      query: "mutation($id: ID!) { updateMessageThread(threadId: $id, read: true) { id unread } }",
      vars: async (f) => ({ id: await matrixThread(db(), f) }),
      expect: only("user", "orgAdmin"),
    },
    blockMessageSender: {
      query: "mutation($id: ID!) { blockMessageSender(threadId: $id, blocked: false) { blocked threadId } }",
      vars: async (f) => ({ id: await matrixThread(db(), f) }),
      // Only the provider's side blocks; the consumer may not.
      expect: only("orgAdmin"),
    },
    setNotificationPreferences: {
      query:
        'mutation { setNotificationPreferences(preferences: [{ kind: "api_followed", channel: "in_app" }], emailDigest: false) { emailDigest } }',
      expect: signedIn,
    },
    trackPressSubscribe: {
      query: "mutation($id: ID!) { trackPressSubscribe(apiId: $id) }",
      vars: (f) => ({ id: f.publicApi.id }),
      expect: all("allow"),
    },
    // ---- search ----
    searchApis: {
      query: "query($t: String) { searchApis(term: $t) { total nodes { id } } }",
      vars: (f) => ({ t: f.publicApi.name }),
      expect: all("allow"),
    },
    searchCollections: { query: '{ searchCollections(term: "x") { total } }', expect: all("allow") },
    searchResources: { query: '{ searchResources(term: "x") { total } }', expect: all("allow") },
    getTagsList: { query: "{ getTagsList { id } }", expect: all("allow") },
    trackSearchEvent: { query: 'mutation { trackSearchEvent(term: "x", total: 1) }', expect: all("allow") },
    trackSearchClick: {
      query: 'mutation($id: ID!) { trackSearchClick(productId: $id, searchIndex: "apis", position: 1, queryId: "q") }',
      vars: (f) => ({ id: f.publicApi.id }),
      expect: all("allow"),
    },
    // ---- accounts ----
    activeUser: { query: "{ activeUser { id username } }", expect: signedIn },
    userProfile: {
      query: "query($u: String!) { userProfile(username: $u) { id counts { followers } } }",
      vars: (f) => ({ u: f.users.orgAdmin.username }),
      expect: allBut("otherTenant"),
    },
    userPublishedApis: {
      query: "query($u: String!) { userPublishedApis(username: $u) { total nodes { id } } }",
      vars: (f) => ({ u: f.users.orgAdmin.username }),
      expect: allBut("otherTenant"),
    },
    userFollowedApis: {
      query: "query($u: String!) { userFollowedApis(username: $u) { total } }",
      vars: (f) => ({ u: f.users.orgMember.username }),
      expect: allBut("otherTenant"),
    },
    userFollowers: {
      query: "query($u: String!) { userFollowers(username: $u) { total } }",
      vars: (f) => ({ u: f.users.orgAdmin.username }),
      expect: allBut("otherTenant"),
    },
    userDiscussions: {
      query: 'query($u: String!) { userDiscussions(username: $u, filter: "questions") { total nodes { title } } }',
      vars: (f) => ({ u: f.users.invited.username }),
      expect: allBut("otherTenant"),
    },
    userFollowing: {
      query: "query($u: String!) { userFollowing(username: $u) { total } }",
      vars: (f) => ({ u: f.users.orgAdmin.username }),
      expect: allBut("otherTenant"),
    },
    signUp: {
      query:
        'mutation($e: String!, $u: String!) { signUp(email: $e, username: $u, password: "matrix-signup-77") { message } }',
      vars: () => {
        const n = next();
        return { e: `matrix-${n}@example.test`, u: `matrix-${n}` };
      },
      expect: all("allow"),
    },
    verifyEmail: {
      query: "mutation($t: String!) { verifyEmail(token: $t) { user { id } } }",
      vars: async (f) => {
        const n = next();
        const email = `verify-${n}@matrix.test`;
        await signUp(db(), f.t1, { email, username: `verify-${n}`, password: "matrix-verify-66" }, VERIFY_OPTIONS);
        const [mail] = await selectOutboxFor(db(), f.t1.id, email);
        return { t: /token=([A-Za-z0-9_-]{43})/.exec(mail?.body_text ?? "")?.[1] ?? "" };
      },
      // A tenant-1 confirmation link is worthless on tenant 2 (it is reported like an invalid link).
      expect: withOutcome(all("allow"), { otherTenant: "refused" }),
    },
    resendEmailVerification: {
      // Fixture users are confirmed already: the answer says so, and nothing is mailed.
      query: "mutation { resendEmailVerification { message } }",
      expect: allBut("anonymous"),
    },
    signIn: {
      query: 'mutation { signIn(email: "signin@matrix.test", password: "matrix-signin-88") { user { id } } }',
      // The account exists on tenant 1 only.
      expect: allBut("otherTenant"),
    },
    signOut: { query: "mutation { signOut }", expect: all("allow") },
    updateProfile: {
      // Everyone tries to edit orgAdmin's profile: only its owner may (tenant admins included: no).
      query: 'mutation($id: ID) { updateProfile(userId: $id, input: { bio: "edited" }) { id } }',
      vars: (f) => ({ id: f.users.orgAdmin.id }),
      expect: only("orgAdmin"),
    },
    changePassword: {
      query: 'mutation { changePassword(currentPassword: "matrix-current-11", newPassword: "matrix-next-pass-22") }',
      vars: async (f, p) => {
        if (p !== "anonymous") await setPassword(db(), f.users[p].tenantId, f.users[p].id, "matrix-current-11");
        return {};
      },
      expect: signedIn,
    },
    requestPasswordReset: {
      query: 'mutation { requestPasswordReset(email: "ada@corp.test") { message } }',
      expect: all("allow"),
    },
    resetPassword: {
      query: 'mutation($t: String!) { resetPassword(token: $t, password: "matrix-reset-pass-33") { user { id } } }',
      vars: async (f) => {
        const n = next();
        const email = `reset-${n}@matrix.test`;
        await createUser(db(), f.t1.id, { username: `reset-${n}`, email });
        await requestPasswordReset(db(), f.t1, { email }, { publicUrl: "http://hub.test" });
        const [mail] = await selectOutboxFor(db(), f.t1.id, email);
        return { t: /token=([A-Za-z0-9_-]{43})/.exec(mail?.body_text ?? "")?.[1] ?? "" };
      },
      // A tenant-1 reset link is worthless on tenant 2 (it is reported like an invalid link).
      expect: withOutcome(all("allow"), { otherTenant: "refused" }),
    },
    // ---- social ----
    getUserSavedApis: { query: "{ getUserSavedApis { apiId } }", expect: signedIn },
    saveUserApi: {
      query: "mutation($id: ID) { saveUserApi(apiId: $id, status: 1) { apiId } }",
      vars: (f) => ({ id: f.privateApiId }),
      expect: only("orgAdmin", "invited", "admin"),
    },
    followApi: {
      query: "mutation($id: ID) { followApi(apiId: $id) { id status } }",
      vars: (f) => ({ id: f.publicApi.id }),
      expect: signedInT1,
    },
    unfollowApi: {
      query: "mutation($id: ID) { unfollowApi(apiId: $id) { following } }",
      vars: (f) => ({ id: f.publicApi.id }),
      expect: signedInT1,
    },
    followUser: {
      query: "mutation($id: ID) { followUser(userId: $id) { following } }",
      vars: (f) => ({ id: f.users.orgAdmin.id }),
      expect: withOutcome(signedInT1, { orgAdmin: "refused" }),
    },
    unfollowUser: {
      query: "mutation($id: ID) { unfollowUser(userId: $id) { following } }",
      vars: (f) => ({ id: f.users.orgAdmin.id }),
      expect: withOutcome(signedInT1, { orgAdmin: "refused" }),
    },
    // ---- organizations ----
    myOrganizations: { query: "{ myOrganizations { id role } }", expect: signedIn },
    organization: {
      query: "query($id: ID!) { organization(id: $id) { id members { username } } }",
      vars: (f) => ({ id: f.orgId }),
      expect: only("orgMember", "orgAdmin", "admin"),
    },
    organizationHomepage: {
      query: "query($s: String!) { organizationHomepage(slug: $s) { id membersCount } }",
      vars: (f) => ({ s: f.orgSlug }),
      expect: allBut("otherTenant"),
    },
    joinableOrganizations: { query: "{ joinableOrganizations { id } }", expect: signedIn },
    createOrganization: {
      query: "mutation($n: String!) { createOrganization(input: { name: $n }) { id } }",
      vars: () => ({ n: `Matrix Org ${next()}` }),
      expect: signedIn,
    },
    updateOrganization: {
      query: 'mutation($id: ID!) { updateOrganization(id: $id, input: { description: "new" }) { id } }',
      vars: (f) => ({ id: f.orgId }),
      expect: only("orgAdmin", "admin"),
    },
    deleteOrganization: {
      query: "mutation($id: ID!) { deleteOrganization(id: $id) }",
      vars: async (f) => ({ id: await freshOrg(f, db, true) }),
      expect: only("orgAdmin", "admin"),
    },
    joinOrganization: {
      // The organization claims corp.test: "user" (uli@corp.test) may join; its admin already belongs.
      query: "mutation($id: ID!) { joinOrganization(organizationId: $id) { id } }",
      vars: (f) => ({ id: f.joinOrgId }),
      expect: withOutcome(only("user"), { orgAdmin: "refused" }),
    },
    leaveOrganization: {
      query: "mutation($id: ID!) { leaveOrganization(organizationId: $id) }",
      vars: async (f) => ({ id: await freshOrg(f, db, true) }),
      // The sole admin cannot leave; non-members have nothing to leave.
      expect: withOutcome(only("orgMember"), { orgAdmin: "refused" }),
    },
    addOrganizationMember: {
      query:
        "mutation($id: ID!, $u: String!) { addOrganizationMember(organizationId: $id, username: $u) { username } }",
      vars: async (f) => ({ id: await freshOrg(f, db, false), u: f.users.invited.username }),
      expect: only("orgAdmin", "admin"),
    },
    removeOrganizationMember: {
      query: "mutation($id: ID!, $uid: ID!) { removeOrganizationMember(organizationId: $id, userId: $uid) }",
      vars: async (f) => ({ id: await freshOrg(f, db, true), uid: f.users.orgMember.id }),
      expect: only("orgAdmin", "admin", "orgMember"),
    },
    setOrganizationMemberRole: {
      query:
        'mutation($id: ID!, $uid: ID!) { setOrganizationMemberRole(organizationId: $id, userId: $uid, role: "admin") { role } }',
      vars: async (f) => ({ id: await freshOrg(f, db, true), uid: f.users.orgMember.id }),
      expect: only("orgAdmin", "admin"),
    },
    createTeam: {
      query: "mutation($id: ID!, $n: String!) { createTeam(organizationId: $id, name: $n) { id } }",
      vars: (f) => ({ id: f.orgId, n: `Matrix Team ${next()}` }),
      expect: only("orgAdmin", "admin"),
    },
    deleteTeam: {
      query: "mutation($id: ID!) { deleteTeam(teamId: $id) }",
      vars: async (f) => ({
        id: (await createTeam({ db: db(), tenantId: f.t1.id, viewer: f.users.orgAdmin }, f.orgId, `Doomed ${next()}`))
          .id,
      }),
      expect: only("orgAdmin", "admin"),
    },
    addTeamDevelopers: {
      query: "mutation($id: ID!, $u: [String!]!) { addTeamDevelopers(teamId: $id, usernames: $u) { id } }",
      vars: async (f) => ({
        id: (await createTeam({ db: db(), tenantId: f.t1.id, viewer: f.users.orgAdmin }, f.orgId, `Add ${next()}`)).id,
        u: [f.users.orgMember.username],
      }),
      expect: only("orgAdmin", "admin"),
    },
    removeTeamDevelopers: {
      query: "mutation($id: ID!, $u: [String!]!) { removeTeamDevelopers(teamId: $id, usernames: $u) { id } }",
      vars: async (f) => {
        const team = await createTeam(
          { db: db(), tenantId: f.t1.id, viewer: f.users.orgAdmin },
          f.orgId,
          `Remove ${next()}`,
        );
        await addTeamDevelopers({ db: db(), tenantId: f.t1.id, viewer: f.users.orgAdmin }, team.id, [
          f.users.orgMember.username,
        ]);
        return { id: team.id, u: [f.users.orgMember.username] };
      },
      expect: only("orgAdmin", "admin"),
    },
    setCorporateDomainIgnore: {
      query: "mutation($d: String!) { setCorporateDomainIgnore(domain: $d, ignore: true) { ignore } }",
      vars: () => ({ d: `ignored-${next()}.test` }),
      expect: only("admin"),
    },
    // ---- access control and private APIs ----
    getActiveUserContext: { query: "{ getActiveUserContext { contextToken context { type } } }", expect: signedIn },
    accessTree: { query: "{ accessTree { permissions menu { myOrgs } } }", expect: signedIn },
    getPrivateApisJwt: { query: "{ getPrivateApisJwt { token apiIds } }", expect: signedIn },
    canEditApi: {
      query: "query($id: ID!) { canEditApi(apiId: $id) }",
      vars: (f) => ({ id: f.privateApiId }),
      expect: only("orgAdmin"),
    },
    apiInvitations: {
      query: "query($id: ID!) { apiInvitations(apiId: $id) { id principalType } }",
      vars: (f) => ({ id: f.privateApiId }),
      expect: only("orgAdmin"),
    },
    setApiVisibility: {
      query: 'mutation($id: ID!) { setApiVisibility(apiId: $id, visibility: "PRIVATE") { visibility } }',
      vars: async (f) => ({ id: (await createTestApi(db(), f.t1.id, { owner_id: f.users.orgAdmin.id })).id }),
      expect: only("orgAdmin"),
    },
    inviteToApi: {
      query: 'mutation($id: ID!, $u: String!) { inviteToApi(apiId: $id, principalType: "USER", username: $u) { id } }',
      vars: async (f) => {
        const n = next();
        await createUser(db(), f.t1.id, { username: `guest-${n}`, email: `guest-${n}@matrix.test` });
        return { id: f.privateApiId, u: `guest-${n}` };
      },
      expect: only("orgAdmin"),
    },
    revokeApiInvitation: {
      query: "mutation($id: ID!) { revokeApiInvitation(invitationId: $id) }",
      vars: async (f) => {
        const n = next();
        await createUser(db(), f.t1.id, { username: `revoke-${n}`, email: `revoke-${n}@matrix.test` });
        const invitation = await inviteToApi(
          { db: db(), tenantId: f.t1.id, viewer: f.users.orgAdmin },
          {
            apiId: f.privateApiId,
            principalType: "USER",
            username: `revoke-${n}`,
          },
        );
        return { id: invitation.id };
      },
      expect: only("orgAdmin"),
    },
    // ---- provider studio (decision 050) ----
    myApis: { query: "{ myApis { context { ownerId } apis { id } } }", expect: signedIn },
    editableApi: {
      query: "query($id: ID!) { editableApi(apiId: $id) { id } }",
      vars: (f) => ({ id: f.publicApi.id }),
      expect: only("orgAdmin"),
    },
    apiVersions: {
      query: "query($id: ID!) { apiVersions(apiId: $id) { id } }",
      vars: (f) => ({ id: f.publicApi.id }),
      expect: allBut("otherTenant"),
    },
    apiExtensions: {
      query: "query($id: ID!) { apiExtensions(apiId: $id) { name uses { pointer } } }",
      vars: (f) => ({ id: f.publicApi.id }),
      expect: allBut("otherTenant"),
    },
    apiCategoryOptions: { query: "{ apiCategoryOptions { id } }", expect: all("allow") },
    createApi: {
      query: "mutation($name: String!) { createApi(input: { name: $name }) { id } }",
      vars: () => ({ name: `Studio API ${next()}` }),
      expect: signedIn,
    },
    updateApi: {
      query: 'mutation($id: ID!) { updateApi(apiId: $id, input: { shortDescription: "changed" }) { id } }',
      vars: async (f) => ({ id: (await createTestApi(db(), f.t1.id, { owner_id: f.users.orgAdmin.id })).id }),
      expect: only("orgAdmin"),
    },
    deleteApi: {
      query: "mutation($id: ID!) { deleteApi(apiId: $id) }",
      vars: async (f) => ({ id: (await createTestApi(db(), f.t1.id, { owner_id: f.users.orgAdmin.id })).id }),
      expect: only("orgAdmin"),
    },
    importApiSpec: {
      query: "mutation($id: ID!, $text: String!) { importApiSpec(apiId: $id, text: $text) { version { id } } }",
      vars: async (f) => ({
        id: (await createTestApi(db(), f.t1.id, { owner_id: f.users.orgAdmin.id })).id,
        text: JSON.stringify({ openapi: "3.0.0", info: { title: "M", version: "1" }, paths: {} }),
      }),
      expect: only("orgAdmin"),
    },
    specImportProgress: {
      query: "query($token: String!) { specImportProgress(token: $token) { stage } }",
      // orgAdmin's running import: everyone asks for it by its token, only orgAdmin gets an answer.
      vars: (f) => {
        const token = `matrix-import-${next()}`;
        progress.track(f.t1.id, f.users.orgAdmin.id, token)("parsing");
        return { token };
      },
      expect: only("orgAdmin"),
    },
    // ---- API page content: spotlights, tutorials, discussions (decision 050) ----
    apiSpotlights: {
      query: "query($id: ID!) { apiSpotlights(apiId: $id, includeUnpublished: true) { id } }",
      vars: (f) => ({ id: f.publicApi.id }),
      expect: allBut("otherTenant"),
    },
    apiTutorials: {
      query: "query($id: ID!) { apiTutorials(apiId: $id) { id } }",
      vars: (f) => ({ id: f.publicApi.id }),
      expect: allBut("otherTenant"),
    },
    tutorial: {
      query: "query($id: ID!, $slug: String!) { tutorial(apiId: $id, slug: $slug) { html } }",
      vars: async (f) => ({ id: f.publicApi.id, slug: (await matrixTutorial(db(), f, false)).slug }),
      expect: allBut("otherTenant"),
    },
    apiDiscussions: {
      query: "query($id: ID!) { apiDiscussions(apiId: $id) { total } }",
      vars: (f) => ({ id: f.publicApi.id }),
      expect: allBut("otherTenant"),
    },
    discussion: {
      query: "query($id: ID!) { discussion(id: $id) { bodyHtml } }",
      vars: async (f) => ({ id: await matrixDiscussion(db(), f) }),
      expect: allBut("otherTenant"),
    },
    createSpotlight: {
      query:
        'mutation($id: ID!) { createSpotlight(apiId: $id, input: { title: "Launch", url: "https://x.test" }) { id } }',
      vars: (f) => ({ id: f.publicApi.id }),
      expect: only("orgAdmin"),
    },
    updateSpotlight: {
      query: 'mutation($id: ID!) { updateSpotlight(id: $id, input: { title: "Renamed" }) { id } }',
      vars: async (f) => ({ id: await matrixSpotlight(db(), f) }),
      expect: only("orgAdmin"),
    },
    setSpotlightState: {
      query: "mutation($id: ID!) { setSpotlightState(id: $id, state: PUBLISHED) { id } }",
      vars: async (f) => ({ id: await matrixSpotlight(db(), f) }),
      expect: only("orgAdmin"),
    },
    moveSpotlight: {
      query: "mutation($id: ID!) { moveSpotlight(id: $id, direction: LEFT) { id } }",
      vars: async (f) => ({ id: await matrixSpotlight(db(), f) }),
      expect: only("orgAdmin"),
    },
    deleteSpotlight: {
      query: "mutation($id: ID!) { deleteSpotlight(id: $id) }",
      vars: async (f) => ({ id: await matrixSpotlight(db(), f) }),
      expect: only("orgAdmin"),
    },
    createTutorial: {
      query: 'mutation($id: ID!) { createTutorial(apiId: $id, input: { title: "Guide", body: "# Hi" }) { id } }',
      vars: (f) => ({ id: f.publicApi.id }),
      expect: only("orgAdmin"),
    },
    updateTutorial: {
      query: 'mutation($id: ID!) { updateTutorial(id: $id, input: { title: "Renamed" }) { id } }',
      vars: async (f) => ({ id: (await matrixTutorial(db(), f, true)).id }),
      expect: only("orgAdmin"),
    },
    deleteTutorial: {
      query: "mutation($id: ID!) { deleteTutorial(id: $id) }",
      vars: async (f) => ({ id: (await matrixTutorial(db(), f, true)).id }),
      expect: only("orgAdmin"),
    },
    createDiscussion: {
      query: 'mutation($id: ID!) { createDiscussion(apiId: $id, title: "How?", body: "Like this?") { id } }',
      vars: (f) => ({ id: f.publicApi.id }),
      expect: signedInT1,
    },
    addDiscussionComment: {
      query: 'mutation($id: ID!) { addDiscussionComment(discussionId: $id, body: "Thanks") { id } }',
      vars: async (f) => ({ id: await matrixDiscussion(db(), f) }),
      expect: signedInT1,
    },
    markDiscussionAnswer: {
      query: "mutation($d: ID!, $c: ID) { markDiscussionAnswer(discussionId: $d, commentId: $c) { answerCommentId } }",
      // invited's question with a reply of orgMember's: its author and the API's provider (orgAdmin) mark the answer.
      vars: async (f) => matrixAnsweredDiscussion(db(), f),
      expect: only("invited", "orgAdmin"),
    },
    // ---- ratings and reviews (ratings.graphql.ts) ----
    apiReviews: {
      query: "query($id: ID!) { apiReviews(apiId: $id, sort: HELPFUL) { total summary { votes isDemo } } }",
      vars: (f) => ({ id: f.publicApi.id }),
      expect: allBut("otherTenant"),
    },
    rateApi: {
      query: 'mutation($id: ID!) { rateApi(apiId: $id, stars: 4, title: "Nice", body: "Works") { votes } }',
      vars: async (f) => ({ id: (await matrixRatedApi(db(), f, null)).apiId }),
      // The provider cannot rate their own API.
      expect: withOutcome(signedInT1, { orgAdmin: "deny" }),
    },
    editApiRating: {
      query: "mutation($id: ID!) { editApiRating(apiId: $id, stars: 2) { votes } }",
      // Each principal edits its own rating of a fresh API (the provider has none: not found).
      vars: async (f, p) => ({
        id: (await matrixRatedApi(db(), f, p === "anonymous" ? null : f.users[p])).apiId,
      }),
      expect: withOutcome(signedInT1, { orgAdmin: "deny" }),
    },
    deleteApiRating: {
      query: "mutation($id: ID!) { deleteApiRating(apiId: $id) { isDemo } }",
      vars: async (f, p) => ({
        id: (await matrixRatedApi(db(), f, p === "anonymous" ? null : f.users[p])).apiId,
      }),
      expect: withOutcome(signedInT1, { orgAdmin: "deny" }),
    },
    replyToReview: {
      query: 'mutation($id: ID!) { replyToReview(reviewId: $id, body: "Thanks!") { id } }',
      // invited's review of orgAdmin's API: only its provider replies.
      vars: async (f) => ({ id: (await matrixRatedApi(db(), f, f.users.invited)).reviewId }),
      expect: only("orgAdmin"),
    },
    voteReviewHelpful: {
      query: "mutation($id: ID!) { voteReviewHelpful(reviewId: $id, helpful: true) { helpfulCount } }",
      vars: async (f) => ({ id: (await matrixRatedApi(db(), f, f.users.invited)).reviewId }),
      // Not on your own review.
      expect: withOutcome(signedInT1, { invited: "deny" }),
    },
    // ---- gateway: apps, keys, plans, subscriptions, usage (apps.graphql.ts, plans.graphql.ts) ----
    gateway: { query: "{ gateway { baseUrl keyHeader } }", expect: all("allow") },
    myApps: { query: "{ myApps { id } }", expect: signedIn },
    app: {
      // Apps and their keys belong to their owner only (tenant admins and the API providers included: no).
      query: "query($id: ID!) { app(id: $id) { id keys { id } subscriptions { id } } }",
      vars: async (f) => ({ id: await matrixApp(db(), f.users.orgAdmin) }),
      expect: only("orgAdmin"),
    },
    createApp: {
      query: "mutation($n: String!) { createApp(name: $n) { id } }",
      vars: () => ({ n: `Matrix App ${next()}` }),
      expect: signedIn,
    },
    updateApp: {
      query: 'mutation($id: ID!) { updateApp(id: $id, name: "Renamed") { id } }',
      vars: async (f) => ({ id: await matrixApp(db(), f.users.orgAdmin) }),
      expect: only("orgAdmin"),
    },
    deleteApp: {
      query: "mutation($id: ID!) { deleteApp(id: $id) }",
      vars: async (f) => ({ id: await matrixApp(db(), f.users.orgAdmin) }),
      expect: only("orgAdmin"),
    },
    createAppKey: {
      query: "mutation($id: ID!) { createAppKey(appId: $id) { secret } }",
      vars: async (f) => ({ id: await matrixApp(db(), f.users.orgAdmin) }),
      expect: only("orgAdmin"),
    },
    rotateAppKey: {
      query: "mutation($id: ID!) { rotateAppKey(keyId: $id, overlapSeconds: 0) { secret } }",
      vars: async (f) => {
        const appId = await matrixApp(db(), f.users.orgAdmin);
        return { id: (await createAppKey({ db: db(), tenantId: f.t1.id, viewer: f.users.orgAdmin }, appId)).key.id };
      },
      expect: only("orgAdmin"),
    },
    revokeAppKey: {
      query: "mutation($id: ID!) { revokeAppKey(keyId: $id) { status } }",
      vars: async (f) => {
        const appId = await matrixApp(db(), f.users.orgAdmin);
        return { id: (await createAppKey({ db: db(), tenantId: f.t1.id, viewer: f.users.orgAdmin }, appId)).key.id };
      },
      expect: only("orgAdmin"),
    },
    apiPlans: {
      query: "query($id: ID!) { apiPlans(apiId: $id) { id } }",
      vars: async (f) => ({ id: (await matrixPlan(db(), f)).apiId }),
      // Another tenant's API id yields an empty list (checked for leaks below), not an error.
      expect: all("allow"),
    },
    plan: {
      query: "query($id: ID!) { plan(id: $id) { id } }",
      vars: async (f) => ({ id: (await matrixPlan(db(), f)).id }),
      expect: allBut("otherTenant"),
    },
    createPlan: {
      query: 'mutation($id: ID!) { createPlan(apiId: $id, input: { name: "Basic" }) { id } }',
      vars: async (f) => ({ id: (await createTestApi(db(), f.t1.id, { owner_id: f.users.orgAdmin.id })).id }),
      expect: only("orgAdmin"),
    },
    updatePlan: {
      query: 'mutation($id: ID!) { updatePlan(id: $id, input: { name: "Renamed" }) { id } }',
      vars: async (f) => ({ id: (await matrixPlan(db(), f)).id }),
      expect: only("orgAdmin"),
    },
    apiGatewayMode: {
      query: "query($id: ID!) { apiGatewayMode(apiId: $id) }",
      vars: (f) => ({ id: f.publicApi.id }),
      expect: only("orgAdmin"),
    },
    setApiGatewayMode: {
      query: "mutation($id: ID!) { setApiGatewayMode(apiId: $id, mode: MOCK) }",
      vars: async (f) => ({ id: (await createTestApi(db(), f.t1.id, { owner_id: f.users.orgAdmin.id })).id }),
      expect: only("orgAdmin"),
    },
    apiMcpOperations: {
      query: "query($id: ID!) { apiMcpOperations(apiId: $id) { endpoint hidden } }",
      vars: (f) => ({ id: f.publicApi.id }),
      expect: only("orgAdmin"),
    },
    setMcpToolSetting: {
      query:
        'mutation($id: ID!) { setMcpToolSetting(apiId: $id, endpoint: "GET /items", hidden: true) { endpoint hidden } }',
      vars: async (f) => ({
        id: (
          await createTestApi(db(), f.t1.id, {
            owner_id: f.users.orgAdmin.id,
            endpoints: [{ method: "GET", path: "/items" }],
          })
        ).id,
      }),
      expect: only("orgAdmin"),
    },
    subscribeToPlan: {
      // Each principal subscribes an app of its own to a free public plan of tenant 1.
      query: "mutation($p: ID!, $a: ID!) { subscribeToPlan(planId: $p, appId: $a) { id status } }",
      vars: async (f, p) => ({
        p: (await matrixPlan(db(), f)).id,
        a: await matrixApp(db(), p === "anonymous" ? f.users.user : f.users[p]),
      }),
      expect: signedInT1,
    },
    unsubscribe: {
      // The consumer (uli) ends its subscription; the provider (orgAdmin) may not end it for them.
      query: "mutation($id: ID!) { unsubscribe(subscriptionId: $id) { status } }",
      vars: async (f) => ({ id: await matrixSubscription(db(), f, false) }),
      expect: only("user"),
    },
    decideSubscription: {
      query: "mutation($id: ID!) { decideSubscription(subscriptionId: $id, decision: APPROVE) { status } }",
      vars: async (f) => ({ id: await matrixSubscription(db(), f, true) }),
      expect: only("orgAdmin"),
    },
    apiSubscriptions: {
      query: "query($id: ID!) { apiSubscriptions(apiId: $id) { id } }",
      vars: (f) => ({ id: f.publicApi.id }),
      expect: only("orgAdmin"),
    },
    apiUsage: {
      query: "query($id: ID!) { apiUsage(apiId: $id) { calls } }",
      vars: (f) => ({ id: f.publicApi.id }),
      expect: only("orgAdmin"),
    },
    // ---- analytics (decision 090) ----
    providerAnalytics: {
      query: 'query($id: ID!) { providerAnalytics(apiId: $id, range: { preset: "1h" }) { totals { calls } } }',
      vars: (f) => ({ id: f.publicApi.id }),
      expect: only("orgAdmin"),
    },
    appAnalytics: {
      query: 'query($id: ID!) { appAnalytics(appId: $id, range: { preset: "24h" }) { totals { calls } } }',
      vars: async (f) => ({ id: await matrixApp(db(), f.users.orgAdmin) }),
      expect: only("orgAdmin"),
    },
    tenantAnalytics: {
      query: '{ tenantAnalytics(range: { preset: "7d" }) { totals { calls } revenue { totals { netMinor } } } }',
      expect: only("admin"),
    },
    requestLog: {
      query:
        'query($id: ID!) { requestLog(audience: "provider", apiId: $id, range: { preset: "1h" }) { nodes { requestId } } }',
      vars: (f) => ({ id: f.publicApi.id }),
      expect: only("orgAdmin"),
    },
    requestLogEntry: {
      // A call to orgAdmin's API by uli's app: only the provider (or the app's owner, as consumer) may read it.
      query:
        'query($r: String!, $at: Float!) { requestLogEntry(audience: "provider", requestId: $r, at: $at) { status } }',
      vars: async (f) => {
        const requestId = `matrix-${next()}`;
        const at = Date.now() - 60_000;
        const appId = await matrixApp(db(), f.users.user);
        await writeUsageBatch(db(), [
          {
            tenantId: f.t1.id,
            apiId: f.publicApi.id,
            endpoint: "GET /x",
            appId,
            keyId: "",
            planId: "",
            subscriptionId: "",
            status: 200,
            reason: "ok",
            billable: false,
            latencyUs: 1000,
            bytesIn: 0,
            bytesOut: 0,
            at,
            requestId,
          },
        ]);
        return { r: requestId, at };
      },
      expect: only("orgAdmin"),
    },
    analyticsAlerts: { query: "{ analyticsAlerts { id } }", expect: signedIn },
    createAnalyticsAlert: {
      query:
        'mutation($id: ID!) { createAnalyticsAlert(apiId: $id, metric: "error_rate", threshold: 10, windowMinutes: 15) { id } }',
      vars: async (f) => ({ id: (await createTestApi(db(), f.t1.id, { owner_id: f.users.orgAdmin.id })).id }),
      expect: only("orgAdmin"),
    },
    deleteAnalyticsAlert: {
      query: "mutation($id: ID!) { deleteAnalyticsAlert(id: $id) }",
      vars: async (f) => ({
        id: (
          await createAlert(
            { db: db(), tenantId: f.t1.id, viewer: f.users.orgAdmin },
            { metric: "p95_ms", threshold: 500, windowMinutes: 15 },
          )
        ).id,
      }),
      expect: only("orgAdmin"),
    },
    // ---- billing (decision 044) ----
    subscriptionQuote: {
      query: "query($p: ID!, $a: ID!) { subscriptionQuote(planId: $p, appId: $a) { totalDueToday { amountMinor } } }",
      vars: async (f, p) => ({
        p: (await matrixPlan(db(), f)).id,
        a: await matrixApp(db(), p === "anonymous" ? f.users.user : f.users[p]),
      }),
      expect: signedInT1,
    },
    changeSubscriptionPlan: {
      // uli's subscription moves to another free plan of the same API; nobody else may move it.
      query:
        "mutation($s: ID!, $p: ID!, $k: String!) { changeSubscriptionPlan(subscriptionId: $s, planId: $p, idempotencyKey: $k) { status } }",
      vars: async (f) => {
        const plan = await matrixPlan(db(), f);
        const other = await createPlan({ db: db(), tenantId: f.t1.id, viewer: f.users.orgAdmin }, plan.apiId, {
          name: `Other ${next()}`,
        });
        const sub = await subscribeToPlan(
          { db: db(), tenantId: f.t1.id, viewer: f.users.user },
          plan.id,
          await matrixApp(db(), f.users.user),
        );
        return { s: sub.id, p: other.id, k: `matrix-${next()}` };
      },
      expect: only("user"),
    },
    cancelSubscription: {
      query: "mutation($id: ID!) { cancelSubscription(subscriptionId: $id) { status } }",
      vars: async (f) => ({ id: await matrixSubscription(db(), f, false) }),
      expect: only("user"),
    },
    payPastDue: {
      // Nothing is past due: the owner is refused (CONFLICT), everyone else does not see the subscription.
      query:
        'mutation($id: ID!, $k: String!) { payPastDue(subscriptionId: $id, idempotencyKey: $k, card: { holderName: "A", number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" }) { status } }',
      vars: async (f) => ({ id: await matrixSubscription(db(), f, false), k: `matrix-${next()}` }),
      expect: withOutcome(all("deny"), { user: "refused" }),
    },
    myInvoices: { query: "{ myInvoices { id } }", expect: signedIn },
    invoice: {
      query: "query($id: ID!) { invoice(id: $id) { id total { formatted } } }",
      vars: async (f) => {
        const invoice = await createInvoice(db(), f.t1.id, {
          customerUserId: f.users.user.id,
          finalize: true,
          lines: [{ kind: "subscription", description: "Matrix plan", quantity: 1, amountMinor: 900 }],
        });
        return { id: invoice.id };
      },
      expect: only("user"),
    },
    providerEarnings: { query: "{ providerEarnings { gross { amountMinor } } }", expect: signedIn },
    // ---- /admin (ADMIN_PANEL_ACCESS) ----
    adminCorporateDomains: {
      query: "{ adminCorporateDomains { total nodes { domain ignore organizationId } } }",
      expect: only("admin"),
    },
    adminUsers: { query: '{ adminUsers(search: "a") { total nodes { id isAdmin } } }', expect: only("admin") },
    adminSearchAnalytics: {
      query:
        "{ adminSearchAnalytics(days: 7) { topTerms { term } zeroResultTerms { term } clicksByPosition { position } } }",
      expect: only("admin"),
    },
    setTenantAdmin: {
      query: "mutation($id: ID!) { setTenantAdmin(userId: $id, admin: true) { isAdmin } }",
      vars: async (f) => ({ id: (await createUser(db(), f.t1.id, { username: `promote-${next()}` })).id }),
      expect: only("admin"),
    },
    tenantSettings: { query: "{ tenantSettings { version config } }", expect: only("admin") },
    tenantSettingsHistory: { query: "{ tenantSettingsHistory { id version changes } }", expect: only("admin") },
    saveTenantSettings: {
      query: "mutation($c: String!) { saveTenantSettings(config: $c) { version changes } }",
      vars: (f) => ({ c: JSON.stringify({ ...f.t1.config, brandName: `Matrix ${next()}` }) }),
      expect: only("admin"),
    },
    revertTenantSettings: {
      query: "mutation($id: ID!) { revertTenantSettings(versionId: $id) { version } }",
      vars: async (f) => {
        const config = { ...f.t1.config, brandName: `Revertable ${next()}` };
        await saveTenantSettings({ db: db(), tenantId: f.t1.id, viewer: f.users.admin }, { config });
        const [latest] = await listTenantSettingsVersions({ db: db(), tenantId: f.t1.id, viewer: f.users.admin });
        return { id: latest?.id ?? "" };
      },
      expect: only("admin"),
    },
    // Only administrators of the operator tenant "1" create tenants (decision 121); the matrix's tenants are others,
    // so even their admin is refused here (tenant-provisioning.db.test.ts covers the operator's allowed case).
    createTenant: {
      query: `mutation($i: CreateTenantInput!) { createTenant(input: $i) { id } }`,
      vars: () => ({
        i: {
          id: `matrix-${next()}`,
          name: "Matrix",
          adminUsername: `m-admin-${next()}`,
          adminEmail: `m${next()}@matrix.test`,
          adminPassword: "matrix-tenant-88",
        },
      }),
      expect: all("deny"),
    },
  };
}

interface GraphQLAnswer {
  status: number;
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

function classify(answer: GraphQLAnswer, field: string): string {
  if (answer.status === 403) return "deny";
  const error = answer.errors?.[0];
  if (error) {
    const code = error.extensions?.code ?? "";
    if (["UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND"].includes(code)) return "deny";
    if (["BAD_REQUEST", "CONFLICT"].includes(code)) return "refused";
    return `unexpected ${answer.status} ${code}: ${error.message}`;
  }
  if (answer.status !== 200) return `unexpected HTTP ${answer.status}`;
  const value = answer.data?.[field];
  return value === null || value === false || value === undefined ? "deny" : "allow";
}

function operationName(query: string): string {
  const match = /^\s*(?:query|mutation)?\s*(?:\([^)]*\))?\s*\{\s*(\w+)/.exec(query);
  return match?.[1] ?? "";
}

describeEachDialect("GraphQL authorization matrix", ({ db }) => {
  let app: FastifyInstance;
  let fixture: Fixture;
  const progress = new ImportProgressBoard();
  const cases = matrix(db, progress);

  beforeAll(async () => {
    const t1 = await createTestTenant(db());
    const t2 = await createTestTenant(db());
    const make = async (tenantId: string, username: string, email: string, admin = false) => {
      // Confirmed addresses: joining by corporate domain needs one (decision 022).
      const row = await createUser(db(), tenantId, { username, email, admin, emailVerified: true });
      const viewer = await getViewer(db(), tenantId, row.id);
      if (!viewer) throw new Error("missing viewer");
      return viewer;
    };
    const users = {
      user: await make(t1.id, "uli", "uli@corp.test"),
      orgMember: await make(t1.id, "max", "max@member.test"),
      orgAdmin: await make(t1.id, "ada", "ada@corp.test"),
      invited: await make(t1.id, "ivy", "ivy@guest.test"),
      otherTenant: await make(t2.id, "otto", "otto@corp.test"),
      admin: await make(t1.id, "rooty", "rooty@portico.test", true),
    };
    const signin = await createUser(db(), t1.id, { username: "signin-user", email: "signin@matrix.test" });
    await setPassword(db(), t1.id, signin.id, "matrix-signin-88");
    const org = await createOrganization(
      { db: db(), tenantId: t1.id, viewer: users.orgAdmin },
      { name: "Matrix Corp" },
    );
    await addOrganizationMember({ db: db(), tenantId: t1.id, viewer: users.orgAdmin }, org.id, { username: "max" });
    const team = await createTeam({ db: db(), tenantId: t1.id, viewer: users.orgAdmin }, org.id, "Matrix Team");
    await addTeamDevelopers({ db: db(), tenantId: t1.id, viewer: users.orgAdmin }, team.id, ["max"]);
    const joinable = await createOrganization(
      { db: db(), tenantId: t1.id, viewer: users.orgAdmin },
      {
        name: "Corp Joiners",
        corporateDomain: "corp.test",
      },
    );
    const category = await createTestCategory(db(), t1.id);
    const publicApi = await createTestApi(db(), t1.id, {
      owner_id: users.orgAdmin.id,
      category_id: category.id,
      name: "Matrixable",
    });
    const privateApi = await createTestApi(db(), t1.id, { owner_id: users.orgAdmin.id, visibility: "PRIVATE" });
    await inviteToApi(
      { db: db(), tenantId: t1.id, viewer: users.orgAdmin },
      { apiId: privateApi.id, principalType: "USER", username: "ivy" },
    );
    const collection = await createTestCollection(db(), t1.id, { apiIds: [publicApi.id] });
    fixture = {
      t1,
      t2,
      users,
      orgId: org.id,
      orgSlug: org.slugifiedName,
      joinOrgId: joinable.id,
      teamId: team.id,
      publicApi: { id: publicApi.id, slug: publicApi.slug, name: publicApi.name },
      privateApiId: privateApi.id,
      categorySlug: category.slug,
      collectionSlug: collection.slug,
    };
    app = await buildWebServer({
      config: loadConfig({ LOG_LEVEL: "silent", GRAPHQL_INTROSPECTION: "true" }),
      db: db(),
      logger: pino({ level: "silent" }),
      specImports: { processor: new SpecWorkerPool(), progress },
      providers: testProviders(db()),
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  async function browserFor(principal: Principal): Promise<TestBrowser> {
    if (principal === "anonymous") {
      const browser = new TestBrowser(app, fixture.t1.id);
      await browser.fetchCsrf();
      return browser;
    }
    const viewer = fixture.users[principal];
    const browser = new TestBrowser(app, viewer.tenantId);
    // A fresh session per case: signIn/signOut/changePassword cases end or rotate sessions.
    const session = await createSession(db(), viewer.tenantId, viewer.id);
    browser.cookies.set("portico_session", session.token);
    await browser.fetchCsrf();
    return browser;
  }

  it("has an entry for every Query and Mutation field of the served schema (and no stale entries)", async () => {
    const browser = await browserFor("anonymous");
    const answer = await browser.graphql<{
      __schema: {
        queryType: { fields: Array<{ name: string }> };
        mutationType: { fields: Array<{ name: string }> } | null;
      };
    }>("{ __schema { queryType { fields { name } } mutationType { fields { name } } } }");
    const schema = answer.data?.__schema;
    const operations = [...(schema?.queryType.fields ?? []), ...(schema?.mutationType?.fields ?? [])]
      .map((f) => f.name)
      .sort();
    expect(operations.length).toBeGreaterThan(40);
    expect(Object.keys(cases).sort()).toEqual(operations);
    for (const [name, entry] of Object.entries(cases)) expect(operationName(entry.query), name).toBe(name);
  });

  for (const [name, entry] of Object.entries(cases)) {
    it(`${name}: ${PRINCIPALS.map((p) => `${p}=${entry.expect[p]}`).join(" ")}`, async () => {
      const mismatches: string[] = [];
      const t1Secrets = [
        fixture.orgId,
        fixture.teamId,
        fixture.joinOrgId,
        fixture.publicApi.id,
        fixture.privateApiId,
        ...Object.entries(fixture.users)
          .filter(([p]) => p !== "otherTenant")
          .map(([, u]) => u.id),
      ];
      for (const principal of PRINCIPALS) {
        const browser = await browserFor(principal);
        const variables = (await entry.vars?.(fixture, principal)) ?? {};
        const answer = await browser.graphql(entry.query, variables);
        const outcome = classify(answer, name);
        if (outcome !== entry.expect[principal]) {
          mismatches.push(`${principal}: expected ${entry.expect[principal]}, got ${outcome}`);
        }
        if (principal === "otherTenant" && answer.data) {
          const text = JSON.stringify(answer.data);
          const given = JSON.stringify(variables);
          const leaked = t1Secrets.filter((id) => text.includes(id) && !given.includes(id));
          if (leaked.length > 0) mismatches.push(`otherTenant: response data leaks tenant-1 ids ${leaked.join(", ")}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});
