import type { SignInProvider } from "@bureau/domain/contracts/accounts";
import { useState } from "react";

/**
 * "Continue with Google" and, when configured, "Continue with {OpenID provider}". A provider that is
 * not configured on this server keeps its button, disabled, saying so (issue 5 §1).
 */
export function ProviderButtons({
  providers,
  onContinue,
}: {
  providers: SignInProvider[];
  onContinue: (provider: SignInProvider) => Promise<void>;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  return (
    <div className="provider-buttons">
      {providers.map((provider) => (
        <button
          key={provider.id}
          type="button"
          className="button provider-button"
          disabled={!provider.configured}
          aria-busy={busy === provider.id}
          onClick={async () => {
            setBusy(provider.id);
            try {
              await onContinue(provider);
            } finally {
              setBusy(null);
            }
          }}
        >
          <span aria-hidden="true" className={`provider-mark provider-mark-${provider.id}`}>
            {provider.name.charAt(0)}
          </span>
          {provider.configured ? `Continue with ${provider.name}` : `Continue with ${provider.name} (not configured)`}
        </button>
      ))}
      {providers.some((p) => !p.configured) ? (
        <p className="provider-note">
          {providers
            .filter((p) => !p.configured)
            .map((p) => p.name)
            .join(" and ")}{" "}
          sign-in is not configured on this site yet.
        </p>
      ) : null}
    </div>
  );
}
