/*
 * The browser's copy of API keys (decision 005). The server keeps only a key's hash and shows the full key once, when
 * My Apps creates or rotates it; at that moment the browser keeps it in localStorage under tenant + user + app, so
 * try-it and the code snippets can use it later. It leaves the browser only as X-Api-Key on calls the user makes
 * from try-it. Logging out clears local storage (except the theme), and a signed-out page forgets every stored key.
 */

import type { KeyApp } from "../../core/apps/key-apps.service";

export type { KeyApp };

export interface KeyScope {
  tenantId: string;
  userId: string;
}

const PREFIX = "portico.appKey.";
/** Where an earlier try-it kept one pasted key for every user; dropped on sight. */
const LEGACY_TRY_IT_KEY = "portico.tryIt.apiKey";
const KEY_SHAPE = /^pk_[A-Za-z0-9_-]{43}$/;
/** What lists show of a key ("pk_" + 6 characters): the same rule as core/apps/api-key.ts displayPrefix. */
const DISPLAY_PREFIX_LENGTH = 9;

/** Storage entry name; the ids as a JSON array, so no character in an id can make two scopes collide. */
export function appKeyStorageName(scope: KeyScope, appId: string): string {
  return PREFIX + JSON.stringify([scope.tenantId, scope.userId, appId]);
}

export function keyDisplayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage disabled (private mode, policy): keys then are not remembered.
    return null;
  }
}

/** Remembers the full key of an app, replacing an earlier one (a rotation hands out the key to use from now on). */
export function rememberAppKey(scope: KeyScope, appId: string, key: string, store = storage()): void {
  if (!store || !KEY_SHAPE.test(key)) return;
  try {
    store.setItem(appKeyStorageName(scope, appId), key);
  } catch {
    // Quota or storage refused: the key is still on screen to copy by hand.
  }
}

export function storedAppKey(scope: KeyScope, appId: string, store = storage()): string | null {
  if (!store) return null;
  try {
    const value = store.getItem(appKeyStorageName(scope, appId));
    return value && KEY_SHAPE.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** Forgets the stored key of an app when it is the one with this display prefix (revoked, so useless). */
export function forgetAppKeyWithPrefix(scope: KeyScope, appId: string, prefix: string, store = storage()): void {
  const key = storedAppKey(scope, appId, store);
  if (store && key && keyDisplayPrefix(key) === prefix) store.removeItem(appKeyStorageName(scope, appId));
}

/** Removes every stored key (signed out, or another session ended): nothing of a previous user stays behind. */
export function forgetAllAppKeys(store = storage()): void {
  if (!store) return;
  try {
    const names: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const name = store.key(i);
      if (name?.startsWith(PREFIX)) names.push(name);
    }
    for (const name of names) store.removeItem(name);
    store.removeItem(LEGACY_TRY_IT_KEY);
  } catch {
    // Nothing readable, nothing to remove.
  }
}

/** What the Endpoints tab hands try-it for a signed-in viewer: whose keys to look for, and which apps qualify. */
export interface TryItKeys {
  scope: KeyScope;
  apps: KeyApp[];
}

export function dropLegacyTryItKey(store = storage()): void {
  try {
    store?.removeItem(LEGACY_TRY_IT_KEY);
  } catch {
    // Not removable: nothing reads it any more.
  }
}

export interface UsableKey {
  app: KeyApp;
  key: string;
}

/** The stored keys that still work for this API: of a subscribed app, and not revoked or expired since. */
export function usableStoredKeys(scope: KeyScope, apps: KeyApp[], store = storage()): UsableKey[] {
  const out: UsableKey[] = [];
  for (const app of apps) {
    const key = storedAppKey(scope, app.appId, store);
    if (key && app.usablePrefixes.includes(keyDisplayPrefix(key))) out.push({ app, key });
  }
  return out;
}
