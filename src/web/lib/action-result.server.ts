import { isAppError } from "../../core/errors/app-error";

/** What route actions return: ok, or the refusal's code, message and field messages (translated by the page). */
export type ActionResult =
  | { ok: true; intent?: string }
  | { ok: false; intent?: string; code: string; message: string; fields: Record<string, string> };

/** Runs a core call for an action: AppErrors become a result the page shows; anything else propagates (500). */
export async function runAction(intent: string | undefined, work: () => Promise<unknown>): Promise<ActionResult> {
  try {
    await work();
    return { ok: true, intent };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const fields = error.details?.fields;
    return {
      ok: false,
      intent,
      code: error.code,
      message: error.message,
      fields: fields && typeof fields === "object" ? (fields as Record<string, string>) : {},
    };
  }
}

/** A string field of a form post ("" when missing). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
