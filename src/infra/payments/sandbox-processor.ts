/*
 * The built-in sandbox card processor: the embedded default behind PaymentProcessor. It behaves like a real processor
 * for the documented test cards (sandbox-test-cards.ts) and keeps its state in the sandbox_* tables.
 *
 * Idempotency: each call runs in one transaction that first claims (tenant, key) in sandbox_idempotency with an
 * INSERT … ON CONFLICT DO NOTHING, then does its work and stores the result there. A concurrent call with the same
 * key waits on that row (PostgreSQL) or on the single connection (SQLite) and then reads the stored result; since the
 * claim and the work commit together, a crash leaves either both or neither.
 */
import { newId } from "../../common/ids";
import { fingerprintRequest } from "../../core/billing/idempotency";
import { isCurrencyCode } from "../../core/billing/money";
import { checkCard } from "../../core/payments/card-validation";
import type {
  Authorization,
  AuthorizeRequest,
  Capture,
  CaptureRequest,
  CardDetails,
  Charge,
  ChargeRequest,
  PaymentMethod,
  PaymentProcessor,
  ProcessorCallOptions,
  ProcessorResult,
  Refund,
  RefundRequest,
  VoidRequest,
  VoidResult,
} from "../../core/payments/payment-processor";
import type { Db, DbTransaction } from "../../db/connection";
import type { SandboxAuthorizationRow } from "../../db/tables/sandbox.tables";
import { findSandboxTestCard } from "./sandbox-test-cards";
/** Like card networks, an uncaptured authorization lapses after 7 days. */
export const SANDBOX_AUTHORIZATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface SandboxProcessorOptions {
  now?: () => number;
  authorizationTtlMs?: number;
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

function error<T>(code: "invalid_request" | "not_found" | "invalid_state", message: string): ProcessorResult<T> {
  return { status: "error", code, message };
}

function declined<T>(
  reason: "card_declined" | "insufficient_funds" | "retry" | "expired_card",
  message: string,
): ProcessorResult<T> {
  return { status: "declined", reason, message };
}

function checkAmount(amountMinor: number, currency: string): string | null {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return "The amount must be a positive whole number.";
  if (!isCurrencyCode(currency)) return "Unknown currency.";
  return null;
}

export class SandboxPaymentProcessor implements PaymentProcessor {
  readonly name = "sandbox";
  private readonly now: () => number;
  private readonly ttlMs: number;
  private available = true;

  constructor(
    private readonly db: Db,
    options: SandboxProcessorOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.ttlMs = options.authorizationTtlMs ?? SANDBOX_AUTHORIZATION_TTL_MS;
  }

  /** Simulates an outage: calls answer error `unavailable` (and record nothing) until switched back on. */
  setAvailable(available: boolean): void {
    this.available = available;
  }

  createPaymentMethod(card: CardDetails, options: ProcessorCallOptions): Promise<ProcessorResult<PaymentMethod>> {
    // The fingerprint leaves out the number and CVC: only what may be stored takes part (last4, brand, expiry, name).
    const digits = card.number.replace(/[\s-]/g, "");
    const request = {
      last4: digits.slice(-4),
      length: digits.length,
      expMonth: card.expMonth,
      expYear: card.expYear,
      holderName: card.holderName,
    };
    return this.idempotent("create_payment_method", options, request, async (trx) => {
      const check = checkCard(card, this.now());
      if (!check.ok) return { status: "declined", reason: check.reason, message: check.message };
      const testCard = findSandboxTestCard(check.digits);
      if (!testCard) {
        return declined("card_declined", "The sandbox processor accepts only the documented test card numbers.");
      }
      const retrySignalled =
        testCard.behaviour === "retry_once" ? await this.retryPending(trx, options.tenantId, card) : 0;
      const method: PaymentMethod = {
        token: newId("pm"),
        brand: check.brand,
        last4: check.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        holderName: check.holderName,
      };
      await trx
        .insertInto("sandbox_payment_methods")
        .values({
          token: method.token,
          tenant_id: options.tenantId,
          brand: method.brand,
          last4: method.last4,
          exp_month: method.expMonth,
          exp_year: method.expYear,
          holder_name: method.holderName,
          behaviour: testCard.behaviour,
          retry_signalled: retrySignalled,
          successful_captures: 0,
          created_at: this.now(),
        })
        .execute();
      return { status: "success", value: method };
    });
  }

  authorize(request: AuthorizeRequest, options: ProcessorCallOptions): Promise<ProcessorResult<Authorization>> {
    return this.idempotent("authorize", options, request, (trx) => this.authorizeIn(trx, options.tenantId, request));
  }

  capture(request: CaptureRequest, options: ProcessorCallOptions): Promise<ProcessorResult<Capture>> {
    return this.idempotent("capture", options, request, (trx) => this.captureIn(trx, options.tenantId, request));
  }

  charge(request: ChargeRequest, options: ProcessorCallOptions): Promise<ProcessorResult<Charge>> {
    return this.idempotent("charge", options, request, async (trx) => {
      const auth = await this.authorizeIn(trx, options.tenantId, request);
      if (auth.status !== "success") return auth;
      const captured = await this.captureIn(trx, options.tenantId, { authorizationId: auth.value.authorizationId });
      if (captured.status !== "success") return captured;
      return {
        status: "success",
        value: {
          chargeId: auth.value.authorizationId,
          amountMinor: captured.value.capturedMinor,
          currency: request.currency,
        },
      };
    });
  }

  void(request: VoidRequest, options: ProcessorCallOptions): Promise<ProcessorResult<VoidResult>> {
    return this.idempotent("void", options, request, async (trx) => {
      const auth = await this.loadAuthorization(trx, options.tenantId, request.authorizationId);
      if (!auth) return error("not_found", "No such authorization.");
      if (auth.status === "captured") return error("invalid_state", "A captured payment cannot be voided; refund it.");
      // Voiding a voided or lapsed hold is a no-op: either way nothing is held any more.
      if (auth.status === "authorized") {
        await trx
          .updateTable("sandbox_authorizations")
          .set({ status: "voided", voided_at: this.now() })
          .where("id", "=", auth.id)
          .execute();
      }
      return { status: "success", value: { authorizationId: auth.id, voided: true } };
    });
  }

  refund(request: RefundRequest, options: ProcessorCallOptions): Promise<ProcessorResult<Refund>> {
    return this.idempotent("refund", options, request, async (trx) => {
      const auth = await this.loadAuthorization(trx, options.tenantId, request.authorizationId);
      if (!auth) return error("not_found", "No such payment.");
      if (auth.status !== "captured") return error("invalid_state", "Only a captured payment can be refunded.");
      const refundable = Number(auth.captured_minor) - Number(auth.refunded_minor);
      const amount = request.amountMinor ?? refundable;
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount > refundable) {
        return error("invalid_request", `The refund must be between 1 and ${refundable} minor units.`);
      }
      const refundId = newId("re");
      await trx
        .insertInto("sandbox_refunds")
        .values({
          id: refundId,
          tenant_id: options.tenantId,
          authorization_id: auth.id,
          amount_minor: amount,
          created_at: this.now(),
        })
        .execute();
      await trx
        .updateTable("sandbox_authorizations")
        .set({ refunded_minor: Number(auth.refunded_minor) + amount })
        .where("id", "=", auth.id)
        .execute();
      return {
        status: "success",
        value: { refundId, authorizationId: auth.id, amountMinor: amount, currency: auth.currency },
      };
    });
  }

  private async authorizeIn(
    trx: DbTransaction,
    tenantId: string,
    request: AuthorizeRequest,
  ): Promise<ProcessorResult<Authorization>> {
    const problem = checkAmount(request.amountMinor, request.currency);
    if (problem) return error("invalid_request", problem);
    const method = await trx
      .selectFrom("sandbox_payment_methods")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .where("token", "=", request.paymentMethodToken)
      .executeTakeFirst();
    if (!method) return error("not_found", "No such payment method.");
    const now = this.now();
    if (now >= Date.UTC(method.exp_year, method.exp_month, 1)) return declined("expired_card", "The card has expired.");
    switch (method.behaviour) {
      case "decline":
        return declined("card_declined", "The card was declined.");
      case "insufficient_funds":
        return declined("insufficient_funds", "The card has insufficient funds.");
      case "retry_once":
        if (method.retry_signalled === 0) {
          await trx
            .updateTable("sandbox_payment_methods")
            .set({ retry_signalled: 1 })
            .where("token", "=", method.token)
            .execute();
          return declined("retry", "The payment could not be processed. Try again.");
        }
        break;
      case "decline_after_first_capture":
        if (Number(method.successful_captures) > 0) return declined("card_declined", "The card was declined.");
        break;
      case "succeed":
        break;
    }
    const authorization: Authorization = {
      authorizationId: newId("auth"),
      amountMinor: request.amountMinor,
      currency: request.currency,
      expiresAt: now + this.ttlMs,
    };
    await trx
      .insertInto("sandbox_authorizations")
      .values({
        id: authorization.authorizationId,
        tenant_id: tenantId,
        payment_method_token: method.token,
        amount_minor: request.amountMinor,
        currency: request.currency,
        status: "authorized",
        captured_minor: 0,
        refunded_minor: 0,
        description: request.description ?? null,
        created_at: now,
        expires_at: authorization.expiresAt,
        captured_at: null,
        voided_at: null,
      })
      .execute();
    return { status: "success", value: authorization };
  }

  private async captureIn(
    trx: DbTransaction,
    tenantId: string,
    request: CaptureRequest,
  ): Promise<ProcessorResult<Capture>> {
    const auth = await this.loadAuthorization(trx, tenantId, request.authorizationId);
    if (!auth) return error("not_found", "No such authorization.");
    if (auth.status !== "authorized") return error("invalid_state", `The authorization is ${auth.status}.`);
    const now = this.now();
    if (now >= Number(auth.expires_at)) {
      await trx.updateTable("sandbox_authorizations").set({ status: "expired" }).where("id", "=", auth.id).execute();
      return error("invalid_state", "The authorization has expired.");
    }
    const amount = request.amountMinor ?? Number(auth.amount_minor);
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > Number(auth.amount_minor)) {
      return error("invalid_request", "The capture must be between 1 and the authorized amount.");
    }
    await trx
      .updateTable("sandbox_authorizations")
      .set({ status: "captured", captured_minor: amount, captured_at: now })
      .where("id", "=", auth.id)
      .execute();
    await trx
      .updateTable("sandbox_payment_methods")
      .set((eb) => ({ successful_captures: eb("successful_captures", "+", 1) }))
      .where("token", "=", auth.payment_method_token)
      .execute();
    return { status: "success", value: { authorizationId: auth.id, capturedMinor: amount, currency: auth.currency } };
  }

  /**
   * The retry card answers "retry" once per card entry: a person who tries again types the card again, which makes a
   * new payment method. An earlier entry of the same card that only ever got the "retry" answer (no authorization
   * went through) is consumed (marked 2) and this entry, the "try again", starts with the retry already signalled.
   */
  private async retryPending(trx: DbTransaction, tenantId: string, card: CardDetails): Promise<number> {
    const pending = await trx
      .selectFrom("sandbox_payment_methods as m")
      .select("m.token")
      .where("m.tenant_id", "=", tenantId)
      .where("m.behaviour", "=", "retry_once")
      .where("m.last4", "=", card.number.replace(/[\s-]/g, "").slice(-4))
      .where("m.exp_month", "=", card.expMonth)
      .where("m.exp_year", "=", card.expYear)
      .where("m.retry_signalled", "=", 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("sandbox_authorizations as a").select("a.id").whereRef("a.payment_method_token", "=", "m.token"),
          ),
        ),
      )
      .executeTakeFirst();
    if (!pending) return 0;
    await trx
      .updateTable("sandbox_payment_methods")
      .set({ retry_signalled: 2 })
      .where("token", "=", pending.token)
      .execute();
    return 1;
  }

  private loadAuthorization(
    trx: DbTransaction,
    tenantId: string,
    authorizationId: string,
  ): Promise<SandboxAuthorizationRow | undefined> {
    return trx
      .selectFrom("sandbox_authorizations")
      .selectAll()
      .where("tenant_id", "=", tenantId)
      .where("id", "=", authorizationId)
      .executeTakeFirst();
  }

  private async idempotent<T>(
    operation: string,
    options: ProcessorCallOptions,
    request: unknown,
    work: (trx: DbTransaction) => Promise<ProcessorResult<T>>,
  ): Promise<ProcessorResult<T>> {
    if (!this.available) {
      return { status: "error", code: "unavailable", message: "The sandbox processor is switched off." };
    }
    if (!KEY_PATTERN.test(options.idempotencyKey)) {
      return error("invalid_request", "An idempotency key is 1 to 255 visible ASCII characters.");
    }
    const fingerprint = fingerprintRequest({ operation, request });
    return this.db.kysely.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto("sandbox_idempotency")
        .values({
          tenant_id: options.tenantId,
          idem_key: options.idempotencyKey,
          operation,
          fingerprint,
          response_json: "",
          created_at: this.now(),
        })
        .onConflict((oc) => oc.columns(["tenant_id", "idem_key"]).doNothing())
        .returning("idem_key")
        .executeTakeFirst();
      if (!claimed) {
        const first = await trx
          .selectFrom("sandbox_idempotency")
          .select(["fingerprint", "response_json"])
          .where("tenant_id", "=", options.tenantId)
          .where("idem_key", "=", options.idempotencyKey)
          .executeTakeFirstOrThrow();
        if (first.fingerprint !== fingerprint) {
          return {
            status: "error",
            code: "idempotency_conflict",
            message: "This idempotency key was already used with a different request.",
          };
        }
        return JSON.parse(first.response_json) as ProcessorResult<T>;
      }
      const result = await work(trx);
      await trx
        .updateTable("sandbox_idempotency")
        .set({ response_json: JSON.stringify(result) })
        .where("tenant_id", "=", options.tenantId)
        .where("idem_key", "=", options.idempotencyKey)
        .execute();
      return result;
    });
  }
}

/** The processor for this deployment: the sandbox unless a real adapter is configured (none ships yet). */
export function createPaymentProcessor(db: Db, options: SandboxProcessorOptions = {}): PaymentProcessor {
  return new SandboxPaymentProcessor(db, options);
}
