import { useTranslation } from "../../i18n/use-translation";
import { translateServerMessage } from "../../lib/server-messages";
import { LocalLink } from "../localized-link";
import { PageHeader } from "../page-header";
import { FormError } from "../ui/form-field";
import { fieldClass } from "../ui/input";
import { AnalyticsRangeForm } from "./analytics-range-form";

export interface AnalyticsHeaderLink {
  to: string;
  label: string;
  testId?: string;
  /** Pages of a signed-in consumer are not for crawlers. */
  nofollow?: boolean;
}

/**
 * The header every analytics and request log page shares (studio, My Apps, admin): title, links, the CSV export, the
 * range form with an optional API picker, and a range core refused (shown above the default range's data).
 */
export function AnalyticsPageHeader(props: {
  title: string;
  intro: string;
  links: AnalyticsHeaderLink[];
  csvHref?: string;
  /** The range form (dashboards; the log has its own in the filters). */
  range?: { preset: string; from: number; to: number };
  /** The API picker beside the range: "" is every API. */
  apiPicker?: { value: string | null; allLabel: string; apis: Array<{ id: string; name: string }> };
  rangeError: string | null;
}) {
  const { t } = useTranslation();
  const { range, apiPicker } = props;
  return (
    <PageHeader title={props.title} intro={props.intro}>
      <div className="mt-4 flex flex-wrap gap-4 text-sm font-semibold">
        {props.links.map((link) => (
          <LocalLink
            key={link.to}
            to={link.to}
            rel={link.nofollow ? "nofollow" : undefined}
            className="text-accent hover:underline"
            data-testid={link.testId}
          >
            {link.label}
          </LocalLink>
        ))}
        {props.csvHref && (
          <a href={props.csvHref} download className="text-accent hover:underline" data-testid="csv-link">
            {t("analytics.exportCsv")}
          </a>
        )}
      </div>
      {range && (
        <AnalyticsRangeForm preset={range.preset} from={range.from} to={range.to}>
          {apiPicker && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor="analytics-api" className="text-sm font-semibold">
                {t("analytics.api")}
              </label>
              <select
                id="analytics-api"
                name="api"
                defaultValue={apiPicker.value ?? ""}
                className={`${fieldClass({ fullWidth: false })} min-w-56`}
              >
                <option value="">{apiPicker.allLabel}</option>
                {apiPicker.apis.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </div>
          )}
        </AnalyticsRangeForm>
      )}
      {props.rangeError && (
        <div className="mt-3" data-testid="range-error">
          <FormError message={translateServerMessage(t, props.rangeError)} />
        </div>
      )}
    </PageHeader>
  );
}
