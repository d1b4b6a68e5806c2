import { localizedRedirect } from "../../lib/localized-redirect.server";
import { requireViewer } from "../../lib/route-guards.server";
import type { Route } from "./+types/create-signed-out";

/**
 * /org/organization/create: the signed-out "Create Organization" link (spec section 2). Signed-out visitors get the
 * login prompt (the layout's guard sends them to /auth with this page as referral); signed in, the create form.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  requireViewer(context, request, params.lang);
  throw localizedRedirect("/org/organizations/create", params.lang);
}

export default function CreateOrganizationLink() {
  return null;
}
