import { useCallback, useSyncExternalStore } from "react";
import { CONTEXT_STORAGE_KEY, CONTEXT_TOKEN_STORAGE_KEY } from "./client-session";
import type { ContextChoice } from "./session-types";

/*
 * Spec sections 3 and 4: the selected context (personal account, organization or team) lives in localStorage. It is
 * restored if it has an id or entityId that is still one of the user's contexts, else the user's own User context,
 * and persisted on every change. Personal context is offered only with the personal-context permission.
 */

const CHANGE_EVENT = "portico:context-change";

export interface StoredContext {
  type?: string;
  id?: string;
  entityId?: string;
  name?: string;
}

export function readStoredContext(): StoredContext | null {
  try {
    const raw = localStorage.getItem(CONTEXT_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as unknown;
    return value && typeof value === "object" ? (value as StoredContext) : null;
  } catch {
    return null;
  }
}

/** The contexts the switcher offers: the personal one only with the permission. */
export function offeredContexts(contexts: ContextChoice[], personalContext: boolean): ContextChoice[] {
  return contexts.filter((c) => c.type !== "User" || personalContext);
}

/** Pure rule of spec section 4: stored entry (by id or entityId) if still offered, else the User context. */
export function resolveSelectedContext(offered: ContextChoice[], stored: StoredContext | null): ContextChoice | null {
  if (stored && (stored.id || stored.entityId)) {
    const match = offered.find(
      (c) => (stored.id && c.id === stored.id) || (stored.entityId && c.entityId === stored.entityId),
    );
    if (match) return match;
  }
  return offered.find((c) => c.type === "User") ?? offered[0] ?? null;
}

export function storeSelectedContext(context: ContextChoice, contextToken: string | null): void {
  try {
    const value: StoredContext = { type: context.type, id: context.id, entityId: context.entityId, name: context.name };
    localStorage.setItem(CONTEXT_STORAGE_KEY, JSON.stringify(value));
    if (contextToken) localStorage.setItem(CONTEXT_TOKEN_STORAGE_KEY, contextToken);
    else localStorage.removeItem(CONTEXT_TOKEN_STORAGE_KEY);
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

function snapshot(): string | null {
  try {
    return localStorage.getItem(CONTEXT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The selected context among `offered` (server render: the personal one; the browser then reads storage). */
export function useSelectedContext(offered: ContextChoice[]): ContextChoice | null {
  const raw = useSyncExternalStore(subscribe, snapshot, () => null);
  const resolve = useCallback(() => {
    let stored: StoredContext | null = null;
    try {
      stored = raw ? (JSON.parse(raw) as StoredContext) : null;
    } catch {
      stored = null;
    }
    return resolveSelectedContext(offered, stored);
  }, [raw, offered]);
  return resolve();
}
