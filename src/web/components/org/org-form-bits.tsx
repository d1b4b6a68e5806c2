/* Pieces shared by the /org screen's member and team forms. */

/** A refusing action shown as a red text button (leave, remove, delete team). */
export const DANGER_TEXT_BUTTON = "text-sm font-semibold text-danger hover:underline";

/** The hidden fields every /org form posts: the CSRF token, the intent and the organization (and team). */
export function OrgHiddenFields(props: { csrfToken: string; intent: string; organizationId: string; teamId?: string }) {
  return (
    <>
      <input type="hidden" name="csrfToken" value={props.csrfToken} />
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="organizationId" value={props.organizationId} />
      {props.teamId && <input type="hidden" name="teamId" value={props.teamId} />}
    </>
  );
}
