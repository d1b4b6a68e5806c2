import type { ProviderSubscription } from "../../../core/subscriptions/provider-subscriptions.service";
import type { GatewayMode } from "../../../db/tables/gateway.tables";
import type { PlanView } from "../../components/plan-view";

/* What the plan manager ships to the browser and what its action answers. */

/** A subscription in the approvals list; its shape is the use case's (core/subscriptions/provider-subscriptions). */
export type ManagedSubscription = ProviderSubscription;

export interface PlansManageData {
  api: { id: string; name: string; path: string };
  plans: PlanView[];
  /** "METHOD /path" of the API's current version, for per-endpoint objects. */
  endpoints: string[];
  /** The tenant currency new plans are priced in, and its minor-unit digits. */
  currency: string;
  priceDigits: number;
  /** null when the viewer may edit the API but not manage its subscriptions (not its owner). */
  subscriptions: ManagedSubscription[] | null;
  /** Whether the gateway proxies calls to the upstream or answers from the spec (mock mode). */
  gatewayMode: GatewayMode;
}

export type PlansManageIntent = "create-plan" | "update-plan" | "decide" | "gateway-mode";

export type PlansManageResult =
  | { ok: true; intent: PlansManageIntent; formId: string; decision?: string }
  | {
      ok: false;
      intent: PlansManageIntent | undefined;
      formId: string;
      code: string;
      message: string;
      fields: Record<string, string>;
    };
