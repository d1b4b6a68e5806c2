import { actionErrorOf } from "./route-errors.server";

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
    const { code, message, fields } = actionErrorOf(error);
    return { ok: false, intent, code, message, fields };
  }
}

/** A string field of a form post ("" when missing). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
