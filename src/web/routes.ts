import { index, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * Every screen exists unprefixed (en-US) and under each of the 14 language prefixes: the optional `:lang?` segment of
 * the layout route is validated there (an unknown prefix is a 404). Static segments outrank it, so "/hub" is the hub
 * and "/de/hub" the German hub. The API page's tabs are child routes; later tabs (tutorials, discussions, pricing,
 * specs, extensions, manage) slot in beside `details` (see routes/api/api-tabs.ts).
 */
export default [
  // Resource routes (JSON, no page) of the API page: an endpoint's detail, and try-it's snippets and proxy.
  route("resources/endpoint/:username/:slug/:endpointId", "routes/api/endpoint-detail-resource.ts"),
  route("resources/try-it/:username/:slug/:endpointId", "routes/api/try-it-resource.ts"),
  // The API reference's whole navigation index (the page renders the first rows on the server).
  route("resources/endpoint-index/:username/:slug", "routes/api/endpoint-index-resource.ts"),
  // A spotlight's uploaded file (images inline, anything else as a download).
  route("spotlight-files/:spotlightId", "routes/api/spotlights-file.ts"),
  // A tenant's uploaded logo or favicon (/admin "Tenant settings", decision 120).
  route("tenant-files/:name", "routes/api/tenant-file.ts"),
  // An API's remote logo served from our own origin with a cache (decision 142).
  route("logos/:file", "routes/api/api-logo-file.ts"),
  // The page's translation catalog, one cacheable file per language and tenant strings (decision 161).
  route("i18n/:file", "routes/i18n-catalog-resource.ts"),
  // The tenant's public client configuration as JSON (decision 122).
  route("configs", "routes/api/configs-resource.ts"),
  // A stored spec document (original or normalized) of one version, as a download.
  route("resources/spec/:username/:slug/:versionId/:kind", "routes/api/spec-download-resource.ts"),
  // An API's spec changelog as an Atom feed (decision 081).
  route("feeds/:username/:slug/changelog.atom", "routes/api/changelog-feed-resource.ts"),
  // An invoice's printable HTML document (its customer only; framed by the invoice page).
  route("resources/invoice/:invoiceId", "routes/developer/invoice-html-resource.ts"),
  // The catalog for assistants without JavaScript (issue 19): llms.txt for the site and each API, and each API page
  // as Markdown.
  route("llms.txt", "routes/llms/site-llms.ts"),
  route(":username/api/:slug/llms.txt", "routes/llms/api-llms.ts", { id: "api-llms" }),
  route(":username/api/:slug/index.md", "routes/llms/api-llms.ts", { id: "api-markdown" }),
  // The CSV of an analytics dashboard (provider, consumer or admin; core decides who may read it).
  route("resources/analytics-csv", "routes/analytics-csv-resource.ts"),
  route(":lang?", "routes/locale-layout.tsx", [
    index("routes/home.tsx", { id: "home" }),
    route("hub", "routes/home.tsx", { id: "hub" }),
    route("categories", "routes/categories.tsx"),
    route("category/:slug?", "routes/category.tsx"),
    route("collections", "routes/collections.tsx"),
    route("collection/:slug?", "routes/collection.tsx"),
    route("page/:slug?", "routes/page.tsx"),
    route("error", "routes/error.tsx"),
    route("search/:term?", "routes/search.tsx"),
    route("compare", "routes/compare.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("docs/:page?", "routes/docs.tsx"),
    // A search shortcut: /bang?q=term → /search/term (decision 122).
    route("bang", "routes/bang.tsx"),
    route("auth", "routes/auth/sign-in.tsx"),
    route("auth/sign-up", "routes/auth/sign-up.tsx"),
    route("auth/forgot-password", "routes/auth/forgot-password.tsx"),
    route("auth/reset-password", "routes/auth/reset-password.tsx"),
    route("auth/verify-email", "routes/auth/verify-email.tsx"),
    route("auth/user/settings", "routes/user/settings.tsx", { id: "auth-user-settings" }),
    route("user/settings", "routes/user/settings.tsx", { id: "user-settings" }),
    route("user/:username", "routes/user/profile.tsx"),
    route("my-saved-apis", "routes/my-saved-apis.tsx"),
    route("developer/dashboard", "routes/developer/dashboard.tsx"),
    route("developer/billing", "routes/developer/billing.tsx"),
    route("developer/apps/:appId/analytics", "routes/developer/app-analytics.tsx"),
    route("developer/apps/:appId/logs", "routes/developer/app-logs.tsx"),
    route("developer/billing/invoices/:invoiceId", "routes/developer/invoice.tsx"),
    route("developer/messages", "routes/messages/account-messages.tsx"),
    route("developer/messages/:threadId", "routes/messages/account-thread.tsx"),
    route("org", "routes/org/manage.tsx"),
    route("org/organizations/create", "routes/org/create.tsx"),
    route("org/organization/create", "routes/org/create-signed-out.tsx"),
    route("org/organizations/join", "routes/org/join.tsx"),
    route("orghomepage/:slug", "routes/orghomepage.tsx"),
    route("admin", "routes/admin.tsx"),
    route("admin/settings", "routes/admin-settings.tsx"),
    route("admin/tenants", "routes/admin-tenants.tsx"),
    route("admin/analytics", "routes/admin-analytics.tsx"),
    route(":entity/settings", "routes/org/entity-settings.tsx"),
    // Provider studio: /studio with the newBuildExperience flag, /provider without (the other one redirects).
    route("studio", "routes/studio/studio-home.tsx", { id: "studio" }),
    route("studio/new", "routes/studio/studio-new.tsx", { id: "studio-new" }),
    route("studio/apis/:apiId", "routes/studio/studio-api.tsx", { id: "studio-api" }),
    route("studio/earnings", "routes/studio/studio-earnings.tsx", { id: "studio-earnings" }),
    route("studio/inbox", "routes/messages/studio-messages.tsx", { id: "studio-inbox" }),
    route("studio/inbox/:threadId", "routes/messages/studio-thread.tsx", { id: "studio-inbox-thread" }),
    route("studio/analytics", "routes/studio/studio-analytics.tsx", { id: "studio-analytics" }),
    route("studio/logs", "routes/studio/studio-logs.tsx", { id: "studio-logs" }),
    route("provider", "routes/studio/studio-home.tsx", { id: "provider" }),
    route("provider/new", "routes/studio/studio-new.tsx", { id: "provider-new" }),
    route("provider/apis/:apiId", "routes/studio/studio-api.tsx", { id: "provider-api" }),
    route("provider/earnings", "routes/studio/studio-earnings.tsx", { id: "provider-earnings" }),
    route("provider/inbox", "routes/messages/studio-messages.tsx", { id: "provider-inbox" }),
    route("provider/inbox/:threadId", "routes/messages/studio-thread.tsx", { id: "provider-inbox-thread" }),
    route("provider/analytics", "routes/studio/studio-analytics.tsx", { id: "provider-analytics" }),
    route("provider/logs", "routes/studio/studio-logs.tsx", { id: "provider-logs" }),
    route(":username/api/:slug", "routes/api/api-layout.tsx", [
      index("routes/api/api-endpoints.tsx"),
      route("details", "routes/api/api-about.tsx"),
      route("specs", "routes/api/api-specs.tsx"),
      route("manage", "routes/api/api-manage.tsx"),
      route("tutorials", "routes/api/tutorials-list.tsx"),
      route("tutorials/new", "routes/api/tutorials-new.tsx"),
      route("tutorials/:tutorial", "routes/api/tutorials-detail.tsx"),
      route("tutorials/:tutorial/edit", "routes/api/tutorials-edit.tsx"),
      route("discussions", "routes/api/discussions-list.tsx"),
      route("discussions/:issue", "routes/api/discussions-detail.tsx"),
      route("reviews", "routes/api/api-reviews.tsx"),
      route("changelog", "routes/api/api-changelog.tsx"),
      route("contact", "routes/api/api-contact.tsx"),
      route("pricing", "routes/api/api-pricing.tsx"),
      route("extensions", "routes/api/api-extensions.tsx"),
      route("extensions/:span", "routes/api/api-extension-detail.tsx"),
      route("plans/manage", "routes/api/plans-manage.tsx"),
      route("spotlights/manage", "routes/api/spotlights-manage.tsx"),
    ]),
    // Spec section 2: the "/{entity}/{name}" catch-all resolves to canonical addresses (profile, organization, API).
    route(":entity/:name?", "routes/entity.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
