/**
 * Demo entries in several languages: a few places and programs with translations, one place written in Portuguese
 * with an English translation, and every other entry in English only, so a fresh start shows both a translated
 * page and an original shown with its language.
 */
import type { EntryTranslations } from "~/lib/i18n/entry-translations";
import type { Language } from "~/lib/i18n/languages";

export type DemoLanguage = {
  /** The original's language, when not English. */
  language?: Language;
  /** The original's texts in that language, replacing the English demo texts (which become its English translation). */
  original?: Record<string, string>;
  translations: EntryTranslations;
};

const paras = (...p: string[]): string => p.join("\n\n");

export const DEMO_LOCATION_LANGUAGES: Record<string, DemoLanguage> = {
  "Bocaina Syntropic Farm": {
    language: "pt",
    original: {
      shortDescription:
        "Um sítio na encosta perto de Paraty que restaura a Mata Atlântica com agrofloresta sintrópica, bananeiras, palmito-juçara e hospedagem rural.",
      longDescription: paras(
        "Aos pés da Serra da Bocaina, o sítio cultiva banana, juçara, cacau, citros, mandioca e dezenas de frutíferas nativas em linhas densas e estratificadas, desenhadas para imitar a sucessão natural da floresta. A poda intensa cobre o solo de biomassa, que alimenta a terra e guarda a umidade durante a curta estação seca.",
        "O sítio faz divisa com uma área protegida, e as agroflorestas servem de corredor para a fauna. Vizinhos que antes cortavam juçara de forma ilegal hoje compram mudas do viveiro e colhem a polpa dos frutos.",
        "Os hóspedes ficam em três cabanas de bambu e podem participar do trabalho da manhã na agrofloresta, de aulas de culinária caiçara e de caminhadas até as cachoeiras. Cursos de duas semanas em desenho sintrópico acontecem nos meses mais frescos.",
      ),
    },
    // The English demo texts are added as its English translation by the seed.
    translations: {
      es: {
        shortDescription:
          "Una finca en la ladera cerca de Paraty que restaura la Mata Atlántica con agroforestería sintrópica.",
      },
    },
  },
  "Cedar Hollow Food Forest": {
    translations: {
      es: {
        name: "Bosque comestible Cedar Hollow",
        shortDescription:
          "Un bosque comestible de tres hectáreas al sur de Olympia que enseña policultivos perennes de clima fresco y el cuidado de huertos de secano.",
      },
      de: {
        name: "Waldgarten Cedar Hollow",
        shortDescription:
          "Ein drei Hektar großer Waldgarten südlich von Olympia: mehrjährige Mischkulturen für kühles Klima und Obstgärten ohne Bewässerung.",
      },
      fr: {
        shortDescription:
          "Une forêt comestible de trois hectares au sud d'Olympia, où l'on apprend les polycultures vivaces des climats frais.",
      },
    },
  },
  "Black Forest Edge Permaculture Institute": {
    translations: {
      de: {
        name: "Permakultur-Institut am Schwarzwaldrand",
        shortDescription:
          "Ein Lehrinstitut in Freiburg mit Planerausbildung, Kursen zu Passivhaus und Holzbau sowie Versuchsflächen.",
        longDescription: paras(
          "Das Institut liegt am Stadtrand von Freiburg, wo die Rheinebene in die ersten Hänge des Schwarzwalds übergeht. Auf zwei Hektar stehen Versuchsbeete, ein Waldgarten und ein Seminargebäude in Holzbauweise.",
          "Die berufsbegleitende Planerausbildung dauert ein Jahr; dazu kommen Wochenendkurse zu Kompost, Regenwasser und Obstbaumschnitt.",
        ),
      },
    },
  },
  "Alpujarra Terraces Farm": {
    translations: {
      es: {
        name: "Finca de los Bancales de la Alpujarra",
        shortDescription:
          "Una finca de montaña cerca de Órgiva que recupera las acequias y los bancales moriscos para cultivar almendros, olivos, higueras y hortalizas.",
      },
    },
  },
};

export const DEMO_PROGRAM_LANGUAGES: Record<string, DemoLanguage> = {
  "Syntropic Agroforestry Online Foundations": {
    translations: {
      pt: {
        name: "Fundamentos de Agrofloresta Sintrópica (online)",
        summary:
          "Um curso online de doze semanas sobre o desenho e o manejo de sistemas agroflorestais sintrópicos, com visitas em vídeo a um sítio em produção.",
      },
      es: {
        name: "Fundamentos de agroforestería sintrópica (en línea)",
        summary:
          "Un curso en línea de doce semanas sobre el diseño y el manejo de sistemas agroforestales sintrópicos.",
      },
    },
  },
  "Professional Sustainable Design Certificate": {
    translations: {
      de: {
        name: "Berufszertifikat Nachhaltige Planung",
        summary:
          "Ein sechsmonatiges Zertifikat für Architektinnen, Planer und Gestalterinnen: Passivbau, Wasser und essbare Landschaften.",
      },
      fr: {
        name: "Certificat professionnel de conception durable",
        summary: "Six mois de formation pour architectes et urbanistes : bâtiment passif, eau et paysages comestibles.",
      },
    },
  },
};

type DemoLanguageFields = {
  language: Language;
  translations: EntryTranslations;
  shortDescription?: string;
  longDescription?: string;
  summary?: string;
  description?: string;
};

/**
 * An entry's demo language fields: its language and translations, and for an entry written in another language its
 * original texts in place of the English ones, which become its English translation.
 */
export function demoLanguageFields(
  table: Record<string, DemoLanguage>,
  name: string,
  english: Record<string, string>,
): DemoLanguageFields {
  const demo = table[name];
  if (!demo) return { language: "en", translations: {} };
  if (!demo.language || demo.language === "en" || !demo.original) {
    return { language: "en", translations: demo.translations };
  }
  // Every English demo text (the name included, which stays the original's) becomes the English translation, so
  // the English page reads as before.
  const en: Record<string, string> = {};
  for (const [key, text] of Object.entries(english)) if (text) en[key] = text;
  return {
    ...demo.original,
    language: demo.language,
    translations: { ...demo.translations, en },
  };
}
