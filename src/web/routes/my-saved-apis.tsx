import { listPrivateApis } from "../../core/catalog/catalog.service";
import { getUserSavedApis } from "../../core/social/social.service";
import { ApiCardGrid } from "../components/api-card";
import { LoginPanel } from "../components/login-panel";
import { Container, PageHeader } from "../components/page-header";
import { PrivateApisPreview } from "../components/private-apis-preview";
import { ButtonLink } from "../components/ui/button";
import { EmptyState } from "../components/ui/empty-state";
import { useTranslation } from "../i18n/use-translation";
import type { RouteHandle } from "../lib/breadcrumbs";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/my-saved-apis";

const PRIVATE_PREVIEW = 8;

/** /my-saved-apis: the saved APIs (newest first) and the private APIs preview; signed out, a login prompt. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, tenant, viewer } = context;
  if (!viewer) return { signedIn: false as const, saved: [], privateApis: { items: [], total: 0 } };
  const [saved, privateApis] = await Promise.all([
    getUserSavedApis({ db, tenantId: tenant.id, viewer }),
    listPrivateApis({ db, tenantId: tenant.id, viewer }, { offset: 0, limit: PRIVATE_PREVIEW }),
  ]);
  return {
    signedIn: true as const,
    saved: saved.map((s) => s.api),
    privateApis: { items: privateApis.items, total: privateApis.total },
  };
}

export const handle: RouteHandle = { breadcrumb: () => [{ path: "/my-saved-apis", labelKey: "saved.title" }] };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { key: "meta.savedApisTitle" }),
  { name: "robots", content: "noindex" },
];

export default function MySavedApis({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("saved.title")} intro={loaderData.signedIn ? t("saved.intro") : null} />
      <Container className="flex flex-col gap-12 py-8">
        {!loaderData.signedIn ? (
          <LoginPanel message={t("saved.loginPrompt")} />
        ) : (
          <>
            <section data-testid="saved-apis" className="flex flex-col gap-4">
              {loaderData.saved.length === 0 ? (
                <EmptyState data-testid="no-saved-apis" size="lg" as="div" className="flex flex-col items-center gap-4">
                  <p>{t("saved.empty")}</p>
                  <ButtonLink to="/hub" size="custom" className="rounded-lg px-4 py-2">
                    {t("saved.browse")}
                  </ButtonLink>
                </EmptyState>
              ) : (
                <ApiCardGrid apis={loaderData.saved} />
              )}
            </section>
            <PrivateApisPreview apis={loaderData.privateApis.items} total={loaderData.privateApis.total} />
          </>
        )}
      </Container>
    </>
  );
}
