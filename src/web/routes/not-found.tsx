import { notFound } from "../lib/http-errors";

/** Every unmatched path: a real 404 rendered by the locale layout's ErrorBoundary. */
export async function loader() {
  notFound();
}

export default function NotFound() {
  return null;
}
