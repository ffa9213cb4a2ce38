import { AppLink } from "../components/app-link";
import { PageIntro } from "../components/public/page-intro";
import { Prose } from "../components/public/prose";
import { SITE_NAME } from "../lib/constants";
import { pageMeta } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-cache";
import { getPublicSettings } from "../services/site-settings.server";
import type { Route } from "./+types/privacy";

/** Shown on the page; change it when the policy changes in substance. */
const LAST_UPDATED = "22 November 2026";

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.services;
  const general = (await getPublicSettings(context.services)).general;
  return { siteUrl: config.siteUrl, contactEmail: general.contactEmail };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Privacy Policy",
    description:
      "What personal data the Permaculture Network stores (newsletter and podcast e-mails, applications), why, for how long, who sees it and how to have it removed.",
    siteUrl: loaderData?.siteUrl,
    path: "/privacy",
  });
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { contactEmail } = loaderData;
  const mail = <a href={`mailto:${contactEmail}`}>{contactEmail}</a>;
  return (
    <main id="main">
      <PageIntro
        title="Privacy Policy"
        lead="We collect as little as we can, keep it only as long as we need it, and never sell or share it. Here is exactly what that means."
      >
        <p className="mt-3 text-sm text-stone-600">Last updated {LAST_UPDATED}</p>
      </PageIntro>
      <Prose>
        <h2>Who is responsible</h2>
        <p>
          {SITE_NAME} is run by a small volunteer team. We are responsible for the personal data described here. You can
          reach us about anything on this page at {mail}.
        </p>

        <h2>What we store, and why</h2>
        <h3>Newsletter</h3>
        <p>
          When you subscribe to the newsletter we store your e-mail address, the date and time you subscribed and which
          form you used (for example the footer). We use it only to send the newsletter, a few times a year at most. We
          keep it until you unsubscribe or ask us to remove it.
        </p>
        <h3>Podcast e-mails</h3>
        <p>
          When you subscribe to podcast updates we store your e-mail address and the date you subscribed, only to tell
          you about new episodes. We keep it until you unsubscribe or ask us to remove it.
        </p>
        <h3>Applications</h3>
        <p>
          When you send the <AppLink to="/application">application form</AppLink> we store what you enter: your name,
          e-mail address, whether you apply as an educator or a learner, your organisation, country and region, focus
          areas, your answers about experience and what you are looking for, your website if you gave one, and the time
          you agreed to this policy. We use it to review your application, reply to you and, for educators who are
          accepted, to prepare a listing with you. We keep applications for up to two years after our last contact with
          you, then delete them. Information that becomes part of a public listing is published only after you have
          agreed to it.
        </p>
        <h3>Visit statistics</h3>
        <p>
          To know which pages are useful we count page views and form submissions. These statistics use no cookies and
          do not store your IP address: the address is combined with a secret that changes regularly into a one-way code
          that cannot be turned back into the address, and only that code, the page, the referring site, a rough device
          type and the country are kept. Statistics are collected only on the live site. We keep raw events for at most
          13 months and summaries after that.
        </p>
        <h3>Server logs and security</h3>
        <p>
          Our server keeps short technical logs (time, page, response status and duration) to find faults. To prevent
          abuse, such as someone sending hundreds of forms, we keep a counter per connection for up to an hour. These
          records are not used for anything else.
        </p>

        <h2>Cookies</h2>
        <p>
          We use no tracking or advertising cookies, and no third-party scripts that set them. The site sets a cookie
          only when it is needed to work: a sign-in cookie for our volunteer editors, and a one-minute cookie that
          carries a confirmation message after some forms. Because of this there is no cookie banner.
        </p>

        <h2>Who sees your data</h2>
        <p>
          Only the few volunteers with an editor account can see subscriptions and applications. We do not sell, rent or
          share personal data with anyone, and we do not use it for advertising. Our hosting provider stores the data on
          our behalf and may not use it for its own purposes. If the law requires us to hand over data, we will tell you
          unless we are forbidden to.
        </p>

        <h2>Your rights</h2>
        <p>You can at any time ask us to:</p>
        <ul>
          <li>tell you what we store about you and send you a copy;</li>
          <li>correct anything that is wrong;</li>
          <li>delete your subscription, your application or anything else we hold about you;</li>
          <li>stop sending you e-mail (every newsletter and podcast e-mail also has an unsubscribe link).</li>
        </ul>
        <p>
          Write to {mail} from the address concerned, or tell us how we can confirm it is you. We answer within 30 days,
          usually much sooner. If you are unhappy with our answer you may complain to your data protection authority.
        </p>

        <h2>Changes</h2>
        <p>
          If we change how we use personal data we will update this page and its date. If the change affects people who
          subscribed or applied, we will tell them by e-mail first.
        </p>
        <p>
          See also our <AppLink to="/terms">terms of use</AppLink>.
        </p>
      </Prose>
    </main>
  );
}
