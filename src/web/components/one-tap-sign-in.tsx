import { useEffect } from "react";
import { loadCsrfToken } from "../lib/graphql-client";

const GSI_SCRIPT = "https://accounts.google.com/gsi/client";

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void }): void;
      prompt(): void;
    };
  };
}

async function signInWithCredential(credential: string): Promise<void> {
  const response = await fetch("/authentication/google/oneTapLogin", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", "csrf-token": await loadCsrfToken() },
    body: JSON.stringify({ token: credential, brand: window.location.hostname }),
  });
  // Spec section 7: the page reloads after one-tap (signed in, or a 419 asking for a fresh token).
  if (response.ok || response.status === 419) window.location.reload();
}

/**
 * Spec "Layout": the one-tap third-party sign-in, rendered by the root only for signed-out visitors and only when the
 * tenant enabled it. The provider's script carries the page's CSP nonce.
 */
export function OneTapSignIn(props: { clientId: string; nonce: string }) {
  useEffect(() => {
    const script = document.createElement("script");
    script.src = GSI_SCRIPT;
    script.async = true;
    script.nonce = props.nonce;
    script.onload = () => {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      google?.accounts.id.initialize({
        client_id: props.clientId,
        callback: (response) => {
          if (response.credential) void signInWithCredential(response.credential);
        },
      });
      google?.accounts.id.prompt();
    };
    document.head.appendChild(script);
    return () => script.remove();
  }, [props.clientId, props.nonce]);
  return <div data-testid="one-tap" hidden />;
}
