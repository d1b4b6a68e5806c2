import { useId, useState } from "react";
import type { ServerDetail } from "../../../core/catalog/endpoint-detail.service";
import { useTranslation } from "../../i18n/use-translation";
import { Input } from "../ui/input";
import { Select } from "../ui/select";

/*
 * Where the operation is called: the marketplace's gateway address first (try-it and the snippets call it, with the
 * caller's key, so plans, limits and metering apply), then the provider's own servers as the spec declares them, with
 * their variables to fill in (the URL beside them follows). Try-it never calls a provider server directly: a key of
 * this marketplace means nothing there, and the web process would become an open proxy.
 */

/** A server's URL with its variables filled in (names without a value are left as written). */
export function fillServerUrl(url: string, values: Record<string, string>): string {
  return url.replace(/\{([^}]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function SpecServer(props: { server: ServerDetail }) {
  const { server } = props;
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(server.variables.map((v) => [v.name, v.defaultValue])),
  );
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  return (
    <li className="flex flex-col gap-2 py-2" data-testid="reference-server">
      <code dir="ltr" data-testid="reference-server-url" className="break-all font-mono text-sm">
        {fillServerUrl(server.url, values)}
      </code>
      {server.description && (
        <p dir="auto" className="text-xs text-slate-500 dark:text-slate-400">
          {server.description}
        </p>
      )}
      {server.variables.length > 0 && (
        <div className="grid gap-2 sm:grid-cols-2">
          {server.variables.map((v, i) => (
            <label key={v.name} htmlFor={`${id}-${i}`} className="flex flex-col gap-1 text-xs">
              <code dir="ltr" className="font-semibold">
                {`{${v.name}}`}
              </code>
              {v.options ? (
                <Select
                  id={`${id}-${i}`}
                  look="compact"
                  data-testid="reference-server-variable"
                  value={values[v.name] ?? ""}
                  onChange={(e) => set(v.name, e.currentTarget.value)}
                >
                  {v.options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </Select>
              ) : (
                <Input
                  id={`${id}-${i}`}
                  look="compact"
                  dir="ltr"
                  data-testid="reference-server-variable"
                  value={values[v.name] ?? ""}
                  onChange={(e) => set(v.name, e.currentTarget.value)}
                />
              )}
              {v.description && (
                <span dir="auto" className="text-slate-500 dark:text-slate-400">
                  {v.description}
                </span>
              )}
            </label>
          ))}
        </div>
      )}
    </li>
  );
}

export function ServersBlock(props: { gatewayUrl: string; servers: ServerDetail[] }) {
  const { t } = useTranslation();
  return (
    <details className="rounded-lg border border-slate-200 dark:border-slate-800" data-testid="reference-servers">
      <summary className="flex cursor-pointer flex-wrap items-baseline gap-2 px-3 py-2 text-sm">
        <span className="font-semibold">{t("reference.servers")}</span>
        <code dir="ltr" data-testid="reference-gateway-url" className="min-w-0 break-all font-mono text-xs">
          {props.gatewayUrl}
        </code>
      </summary>
      <div className="flex flex-col gap-2 border-t border-slate-200 p-3 text-sm dark:border-slate-800">
        <p className="text-xs text-slate-600 dark:text-slate-400">{t("reference.gatewayServerNote")}</p>
        {props.servers.length > 0 && (
          <>
            <p className="mt-2 text-xs font-semibold text-slate-500 uppercase dark:text-slate-400">
              {t("reference.specServers")}
            </p>
            <ul className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800">
              {props.servers.map((server, i) => (
                // Servers may repeat a URL template with other variables: the position keeps keys unique.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for this operation
                <SpecServer key={i} server={server} />
              ))}
            </ul>
          </>
        )}
      </div>
    </details>
  );
}
