import { AppLink } from "../components/app-link";
import { PageIntro } from "../components/public/page-intro";
import { Prose } from "../components/public/prose";
import { SITE_NAME } from "../lib/constants";
import { pageMeta } from "../lib/meta";
import { formatInteger } from "../lib/numbers";
import { publicPageHeaders } from "../lib/public-cache";
import { countChangeMakers } from "../queries/change-makers.server";
import { countLocations } from "../queries/locations.server";
import { listPrograms } from "../queries/programs.server";
import { getPublicSettings } from "../services/site-settings.server";
import type { Route } from "./+types/about";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.services;
  const [locations, people, programs, general] = await Promise.all([
    countLocations(db),
    countChangeMakers(db),
    listPrograms(db).catch(() => []),
    getPublicSettings(context.services).then((s) => s.general),
  ]);
  return {
    siteUrl: config.siteUrl,
    contactEmail: general.contactEmail,
    stats: { locations, people, programs: programs.length },
  };
}

export const headers: Route.HeadersFunction = publicPageHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "About Us",
    description:
      "Who we are, why we connect permaculture educators and learners, how the directory works and how to get your place listed.",
    siteUrl: loaderData?.siteUrl,
    path: "/about",
  });
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { stats, contactEmail } = loaderData;
  return (
    <main id="main">
      <PageIntro
        title="About Us"
        lead="We are a small, volunteer-run non-profit that helps people who want to learn permaculture find the people and places that teach it."
      />
      <div className="mx-auto max-w-6xl px-4 pt-8">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {[
            { label: "Locations listed", value: stats.locations },
            { label: "Programs", value: stats.programs },
            { label: "Change-makers", value: stats.people },
          ].map((s) => (
            <div key={s.label} className="rounded-xl border border-leaf-100 bg-white p-4 text-center shadow-sm">
              <dt className="text-sm text-stone-700">{s.label}</dt>
              <dd className="text-3xl font-bold text-leaf-800">{formatInteger(s.value)}</dd>
            </div>
          ))}
        </dl>
      </div>
      <Prose>
        <h2>Who we are</h2>
        <p>
          {SITE_NAME} started as a shared spreadsheet kept by a handful of permaculture teachers who were tired of
          answering the same question: “where can I learn this near me?”. Today it is a directory maintained by
          volunteers in several countries, funded by small donations, with no advertising and no investors.
        </p>
        <h2>Our mission</h2>
        <p>
          Connecting permaculture educators and learners worldwide. We want anyone, anywhere, to be able to find a farm,
          school or community where they can see regenerative design working, learn it with their hands and take it
          home. We care in particular about places that are small, local and hard to find through search engines.
        </p>
        <h2>How the directory works</h2>
        <ul>
          <li>
            <strong>Locations</strong> are farms, schools, eco-villages and restoration projects. Each has a page with a
            description, focus areas, contact details and a map. You can browse them{" "}
            <AppLink to="/locations">by region</AppLink> or on the <AppLink to="/map">map</AppLink>.
          </li>
          <li>
            <strong>Programs</strong> are courses and workshops run by those locations, with dates, format and price.
            See <AppLink to="/programs">upcoming programs</AppLink> or subscribe to them in your calendar.
          </li>
          <li>
            <strong>Change-makers</strong> are people whose work we want more people to know about.{" "}
            <AppLink to="/change-makers">Read their stories</AppLink>.
          </li>
          <li>
            <strong>Resources</strong> are books, channels, podcasts and tools recommended by educators in the network.
          </li>
        </ul>
        <p>
          Every listing is checked by a volunteer before it goes live. We do not charge for listings and we do not rank
          places by payment. The listings are also published as open data (GeoJSON and iCalendar) so that other
          community projects can reuse them.
        </p>
        <h2>How to get listed</h2>
        <ol>
          <li>
            Fill in the <AppLink to="/application">application form</AppLink> as an educator. Tell us about your place,
            what you teach and who it is for.
          </li>
          <li>A volunteer reviews it, usually within two weeks, and may ask a few questions by e-mail.</li>
          <li>
            Once approved, we create your location page and add your programs. You can ask for changes at any time.
          </li>
        </ol>
        <p>
          Learners can use the same form: tell us what you are looking for and we will point you to places and programs
          that fit.
        </p>
        <h2 id="contact">Contact</h2>
        <p>
          Write to us at <a href={`mailto:${contactEmail}`}>{contactEmail}</a>. We answer every message, though it can
          take a few days. To correct or remove a listing, tell us its name and what should change.
        </p>
      </Prose>
    </main>
  );
}
