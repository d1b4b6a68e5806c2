import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { PaymentAttemptKeys } from "../../lib/billing-client";
import { RequestError } from "../../lib/graphql-client";
import { translateServerMessage } from "../../lib/server-messages";

/**
 * One billing action of a form (cancel, change plan, pay past due): busy state, one request at a time, the server's
 * message on refusal (the spec's payment texts, translated when the catalog knows them), idempotency keys that survive
 * resends (PaymentAttemptKeys), and a reload of the page's data after success.
 */
export function usePaymentAction() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [keys] = useState(() => new PaymentAttemptKeys());
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [done, setDone] = useState(false);

  async function run<T>(request: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<T | null> {
    if (inFlight.current) return null;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const result = await send(keys.keyFor(request));
      setDone(true);
      revalidator.revalidate();
      return result;
    } catch (caught) {
      if (!(caught instanceof RequestError)) throw caught;
      keys.refused(caught.code);
      setError({ code: caught.code, message: translateServerMessage(t, caught.message) });
      return null;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  return { run, busy, error, done, clearError: () => setError(null) };
}
