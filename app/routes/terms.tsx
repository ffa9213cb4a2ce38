import { AppLink } from "../components/app-link";
import { PageIntro } from "../components/public/page-intro";
import { Prose } from "../components/public/prose";
import { SITE_NAME } from "../lib/constants";
import { pageMeta } from "../lib/meta";
import { publicPageHeaders } from "../lib/public-cache";
import { getPublicSettings } from "../services/site-settings.server";
import type { Route } from "./+types/terms";

const LAST_UPDATED = "22 November 2026";

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.services;
  const general = (await getPublicSettings(context.services)).general;
  return { siteUrl: config.siteUrl, contactEmail: general.contactEmail };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Terms of Use",
    description:
      "The terms for using the Permaculture Network directory, applying to be listed, subscribing, and reusing our open data.",
    siteUrl: loaderData?.siteUrl,
    path: "/terms",
  });
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { contactEmail } = loaderData;
  return (
    <main id="main">
      <PageIntro
        title="Terms of Use"
        lead="Plain rules for a community directory: what we promise, what we cannot promise, and what we ask of you."
      >
        <p className="mt-3 text-sm text-stone-600">Last updated {LAST_UPDATED}</p>
      </PageIntro>
      <Prose>
        <h2>About these terms</h2>
        <p>
          These terms apply to everyone who uses the {SITE_NAME} website. By using the site you accept them. If you do
          not agree, please do not use the site. How we handle personal data is described separately in our{" "}
          <AppLink to="/privacy">privacy policy</AppLink>.
        </p>

        <h2>The directory</h2>
        <p>
          We list locations, programs, people and resources in good faith, based on what the places themselves and our
          volunteers tell us. We check listings before publishing them, but we cannot visit every place or guarantee
          that dates, prices, contact details or descriptions are current or complete. Before you travel, pay or sign
          up, confirm the details directly with the location or organiser.
        </p>
        <p>
          Courses, stays and volunteering are arranged between you and the location. We are not a party to those
          arrangements, take no payment for them and are not responsible for them. Links to other websites are provided
          for convenience; we do not control those sites.
        </p>

        <h2>Applying and being listed</h2>
        <ul>
          <li>
            Send only true information about yourself and your organisation, and only what you have the right to share.
          </li>
          <li>
            We may accept or decline any application and may edit, pause or remove a listing, for example when it is out
            of date, misleading, or no longer in the spirit of permaculture ethics: care for the earth, care for people,
            fair share.
          </li>
          <li>
            If you send us text or pictures for a listing, you confirm that you may do so and allow us to publish them
            on the site and in our open data. You can ask us to remove them at any time.
          </li>
          <li>Listing is free. We never ask for payment to list or to rank a place.</li>
        </ul>

        <h2>Acceptable use</h2>
        <p>Please do not:</p>
        <ul>
          <li>send forms automatically or in bulk, or submit other people's e-mail addresses without their consent;</li>
          <li>try to get into parts of the site that are not meant for you, or disrupt the service;</li>
          <li>copy contact details from the directory to send unsolicited marketing.</li>
        </ul>
        <p>We may block access or remove content to protect the site and the people listed on it.</p>

        <h2>Open data</h2>
        <p>
          The public listings are also offered as open data: <a href="/locations.geojson">locations as GeoJSON</a>,{" "}
          <a href="/programs.ics">programs as an iCalendar feed</a> and <a href="/podcast.xml">the podcast as RSS</a>.
          You may reuse them for non-commercial and community purposes, with a link back to the listing. Please do not
          use the contact details they contain for marketing.
        </p>

        <h2>Liability</h2>
        <p>
          The site is provided as it is, by volunteers, without warranties. To the extent the law allows, we are not
          liable for loss arising from using the site or relying on its listings. Nothing in these terms limits rights
          you have by law as a consumer.
        </p>

        <h2>Changes and contact</h2>
        <p>
          We may update these terms; the date above shows the latest version. Questions, corrections or complaints:{" "}
          <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        </p>
      </Prose>
    </main>
  );
}
