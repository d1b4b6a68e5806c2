import { Form, useNavigation } from "react-router";
import {
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationKind,
} from "../../core/notifications/notification-kinds";
import { useTranslation } from "../i18n/use-translation";
import { useRootData } from "../lib/root-data";
import { FormError, FormNotice, SubmitButton } from "./ui/form-field";
import { Select } from "./ui/select";

/** Per-event delivery (in app, e-mail, off) and the daily digest, in the user's settings (decision 085). */
export function NotificationSettingsForm(props: {
  items: { kind: NotificationKind; channel: NotificationChannel }[];
  emailDigest: boolean;
  saved: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const root = useRootData();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "notifications";
  return (
    <Form
      method="post"
      data-testid="notification-settings"
      className="mt-10 flex max-w-2xl flex-col gap-4 border-t border-slate-200 pt-8 dark:border-slate-800"
    >
      <input type="hidden" name="csrfToken" value={root?.csrfToken ?? ""} />
      <input type="hidden" name="intent" value="notifications" />
      <div>
        <h2 id="notification-settings-heading" className="text-xl font-bold">
          {t("notificationSettings.heading")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("notificationSettings.intro")}</p>
      </div>
      <FormError message={props.error} />
      {props.saved && <FormNotice message={t("notificationSettings.saved")} />}
      <div className="overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800">
        <table className="w-full text-sm" aria-labelledby="notification-settings-heading">
          <thead className="bg-slate-50 text-start dark:bg-slate-900">
            <tr>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {t("notificationSettings.event")}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {t("notificationSettings.channel")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {props.items.map((item) => (
              <tr key={item.kind}>
                <td className="px-3 py-2">
                  <label htmlFor={`pref-${item.kind}`}>{t(`notificationSettings.kinds.${item.kind}`)}</label>
                </td>
                <td className="px-3 py-2">
                  <Select
                    id={`pref-${item.kind}`}
                    name={`pref:${item.kind}`}
                    defaultValue={item.channel}
                    data-testid={`pref-${item.kind}`}
                    look="compact"
                    fullWidth
                  >
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <option key={channel} value={channel}>
                        {t(`notificationSettings.channels.${channel}`)}
                      </option>
                    ))}
                  </Select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          name="emailDigest"
          value="1"
          defaultChecked={props.emailDigest}
          data-testid="pref-digest"
          className="mt-0.5 size-4 accent-accent"
        />
        <span>
          <span className="font-semibold">{t("notificationSettings.digest")}</span>
          <span className="block text-slate-500 dark:text-slate-400">{t("notificationSettings.digestHint")}</span>
        </span>
      </label>
      <div>
        <SubmitButton busy={busy} testId="notification-settings-submit">
          {t("notificationSettings.save")}
        </SubmitButton>
      </div>
    </Form>
  );
}
