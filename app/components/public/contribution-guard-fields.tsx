import { useTranslation } from "~/lib/i18n/react";
import { PROPOSAL_HONEYPOT_FIELD, PROPOSAL_TOKEN_FIELD } from "~/lib/schemas/proposal";

/** A contribution form's hidden fields: its signed fill-time token and a honeypot people never see. */
export function ContributionGuardFields({ token }: { token: string }) {
  const { t } = useTranslation();
  return (
    <>
      <input type="hidden" name={PROPOSAL_TOKEN_FIELD} value={token} />
      {/* Left empty by people (they never see it); form-filling bots tend to fill every field. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={PROPOSAL_HONEYPOT_FIELD}>{t("contribution.honeypot")}</label>
        <input
          id={PROPOSAL_HONEYPOT_FIELD}
          name={PROPOSAL_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}
