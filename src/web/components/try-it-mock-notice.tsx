import { useTranslation } from "../i18n/use-translation";
import type { TryItResult } from "../lib/try-it-types";

export type MockReason = "noKey" | "apiMock";

/**
 * Why an answer is a mock, or null when it came from the provider: without a key Portico answers from the spec itself
 * (via "mock"); an API its provider put in mock mode is answered by the gateway from the spec (x-portico-mock).
 */
export function mockReasonOf(result: TryItResult): MockReason | null {
  if (result.via === "mock") return "noKey";
  const flagged = result.headers.some(([name, value]) => name.toLowerCase() === "x-portico-mock" && value === "true");
  return flagged ? "apiMock" : null;
}

/**
 * Said plainly above a mock answer (issue 18): a "200" from the spec's examples is no evidence that the API works, so
 * the reader learns it is a mock, why, and what to do for a real call.
 */
export function TryItMockNotice(props: { reason: MockReason; signedIn: boolean }) {
  const { t } = useTranslation();
  const next =
    props.reason === "apiMock"
      ? t("tryIt.mockWhyApiNext")
      : props.signedIn
        ? t("tryIt.mockWhyNoKeyNextSignedIn")
        : t("tryIt.mockWhyNoKeyNextSignedOut");
  return (
    <div
      data-testid="try-it-mock-notice"
      data-reason={props.reason}
      className="border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="font-semibold">{props.reason === "apiMock" ? t("tryIt.mockWhyApi") : t("tryIt.mockWhyNoKey")}</p>
      <p className="mt-0.5 text-[13px]">{next}</p>
    </div>
  );
}
