import { MAIL_LINK, type PageTextTranslations } from "./page-text-translations";

/**
 * The About page's starting text and introduction in the other languages: translations of the English in
 * page-text-defaults.ts, shown while the English is still the starting text (and stored by the demo seed). Links
 * point to the page's own language. The contact heading keeps the address `#contact` in every language
 * (`{#contact}`), which place pages link to ("tell us" when a listing is out of date).
 */
export const ABOUT_TRANSLATIONS: PageTextTranslations<"about-lead" | "about"> = {
  es: {
    "about-lead":
      "Somos una pequeña organización sin ánimo de lucro, llevada por voluntarios, que ayuda a quienes quieren aprender permacultura a encontrar a las personas y los lugares que la enseñan.",
    about: `## Quiénes somos

{{site-name}} empezó como una hoja de cálculo compartida que llevaban unos cuantos profesores de permacultura, cansados de responder siempre a la misma pregunta: «¿dónde puedo aprender esto cerca de mí?». Hoy es un directorio que mantienen voluntarios de varios países, financiado con pequeñas donaciones, sin publicidad y sin inversores.

## Nuestra misión

Conectamos a quienes enseñan y aprenden permacultura en todo el mundo. Queremos que cualquier persona, en cualquier lugar, pueda encontrar una granja, una escuela o una comunidad donde ver el diseño regenerativo en marcha, aprenderlo con sus propias manos y llevárselo a casa. Nos importan sobre todo los lugares pequeños, locales y difíciles de encontrar con los buscadores.

## Cómo funciona el directorio

- **Lugares** son granjas, escuelas, ecoaldeas y proyectos de restauración. Cada uno tiene una página con una descripción, sus áreas de interés, sus datos de contacto y un mapa. Puedes explorarlos [por región](/es/locations) o en el [mapa](/es/map).
- **Programas** son los cursos y talleres que organizan esos lugares, con fechas, formato y precio. Consulta los [próximos programas](/es/programs) o suscríbete a ellos en tu calendario.
- **Agentes de cambio** son personas cuyo trabajo queremos que conozca más gente. [Lee sus historias](/es/change-makers).
- **Recursos** son libros, canales, pódcast y herramientas que recomiendan los educadores de la red.

Un voluntario revisa cada ficha antes de publicarla. No cobramos por aparecer en el directorio y no ordenamos los lugares según lo que pagan. Las fichas también se publican como datos abiertos (GeoJSON e iCalendar) para que otros proyectos comunitarios puedan reutilizarlas.

## Cómo aparecer en el directorio

1. Rellena el [formulario de solicitud](/es/application) como educador. Cuéntanos cómo es tu lugar, qué enseñas y a quién va dirigido.
2. Un voluntario la revisa, normalmente en menos de dos semanas, y puede hacerte algunas preguntas por correo.
3. Cuando la aprobamos, creamos la página de tu lugar y añadimos tus programas. Puedes pedir cambios en cualquier momento.

Quienes quieren aprender pueden usar el mismo formulario: cuéntanos qué buscas y te indicaremos lugares y programas que encajen contigo.

## Contacto {#contact}

Escríbenos a ${MAIL_LINK}. Respondemos a todos los mensajes, aunque podemos tardar unos días. Para corregir o retirar una ficha, dinos su nombre y qué hay que cambiar.
`,
  },
  pt: {
    "about-lead":
      "Somos uma pequena organização sem fins lucrativos, mantida por voluntários, que ajuda quem quer aprender permacultura a encontrar as pessoas e os lugares que a ensinam.",
    about: `## Quem somos

{{site-name}} começou como uma planilha compartilhada mantida por alguns professores de permacultura cansados de responder sempre à mesma pergunta: “onde posso aprender isso perto de mim?”. Hoje é um diretório mantido por voluntários em vários países, financiado por pequenas doações, sem publicidade e sem investidores.

## Nossa missão

Conectamos quem ensina e quem aprende permacultura no mundo todo. Queremos que qualquer pessoa, em qualquer lugar, possa encontrar um sítio, uma escola ou uma comunidade onde ver o design regenerativo funcionando, aprender com as próprias mãos e levar isso para casa. Damos atenção especial a lugares pequenos, locais e difíceis de encontrar pelos buscadores.

## Como o diretório funciona

- **Lugares** são sítios, escolas, ecovilas e projetos de restauração. Cada um tem uma página com uma descrição, áreas de atuação, contatos e um mapa. Você pode explorá-los [por região](/pt/locations) ou no [mapa](/pt/map).
- **Programas** são os cursos e oficinas oferecidos por esses lugares, com datas, formato e preço. Veja os [próximos programas](/pt/programs) ou assine a agenda deles no seu calendário.
- **Agentes de mudança** são pessoas cujo trabalho queremos que mais gente conheça. [Leia as histórias delas](/pt/change-makers).
- **Recursos** são livros, canais, podcasts e ferramentas recomendados por educadores da rede.

Cada cadastro é conferido por um voluntário antes de ser publicado. Não cobramos para aparecer no diretório e não ordenamos os lugares por pagamento. Os cadastros também são publicados como dados abertos (GeoJSON e iCalendar), para que outros projetos comunitários possam reutilizá-los.

## Como aparecer no diretório

1. Preencha o [formulário de candidatura](/pt/application) como educador. Conte para nós sobre o seu lugar, o que você ensina e para quem.
2. Um voluntário analisa a candidatura, normalmente em até duas semanas, e pode fazer algumas perguntas por e-mail.
3. Depois da aprovação, criamos a página do seu lugar e adicionamos os seus programas. Você pode pedir mudanças a qualquer momento.

Quem quer aprender pode usar o mesmo formulário: conte para nós o que você procura e indicaremos lugares e programas que combinam com você.

## Contato {#contact}

Escreva para ${MAIL_LINK}. Respondemos a todas as mensagens, embora isso possa levar alguns dias. Para corrigir ou remover um cadastro, diga o nome dele e o que deve mudar.
`,
  },
  fr: {
    "about-lead":
      "Nous sommes une petite association à but non lucratif, animée par des bénévoles, qui aide les personnes qui veulent apprendre la permaculture à trouver celles et ceux qui l’enseignent, et les lieux où elle s’enseigne.",
    about: `## Qui nous sommes

{{site-name}} a commencé comme un tableur partagé, tenu par quelques enseignantes et enseignants en permaculture lassés de répondre toujours à la même question : « où puis-je apprendre cela près de chez moi ? ». C’est aujourd’hui un annuaire tenu par des bénévoles dans plusieurs pays, financé par de petits dons, sans publicité ni investisseurs.

## Notre mission

Nous relions les personnes qui enseignent et qui apprennent la permaculture partout dans le monde. Nous voulons que chacun, où qu’il soit, puisse trouver une ferme, une école ou une communauté où voir la conception régénératrice à l’œuvre, l’apprendre de ses mains et la rapporter chez soi. Nous tenons tout particulièrement aux lieux petits, locaux et difficiles à trouver avec les moteurs de recherche.

## Comment fonctionne l’annuaire

- Les **lieux** sont des fermes, des écoles, des écovillages et des projets de restauration. Chacun a une page avec une description, ses domaines, ses coordonnées et une carte. Vous pouvez les parcourir [par région](/fr/locations) ou sur la [carte](/fr/map).
- Les **programmes** sont les cours et ateliers que proposent ces lieux, avec leurs dates, leur format et leur prix. Consultez les [prochains programmes](/fr/programs) ou abonnez-vous à leur agenda dans votre calendrier.
- Les **actrices et acteurs du changement** sont des personnes dont nous voulons faire connaître le travail. [Lisez leurs histoires](/fr/change-makers).
- Les **ressources** sont des livres, des chaînes, des podcasts et des outils recommandés par les formatrices et formateurs du réseau.

Chaque fiche est vérifiée par un bénévole avant sa mise en ligne. Nous ne faisons pas payer l’inscription et ne classons pas les lieux selon ce qu’ils paient. Les fiches sont aussi publiées en données ouvertes (GeoJSON et iCalendar) pour que d’autres projets collectifs puissent les réutiliser.

## Comment figurer dans l’annuaire

1. Remplissez le [formulaire de candidature](/fr/application) en tant que formatrice ou formateur. Parlez-nous de votre lieu, de ce que vous enseignez et du public visé.
2. Un bénévole l’examine, en général sous deux semaines, et peut vous poser quelques questions par e-mail.
3. Une fois la candidature acceptée, nous créons la page de votre lieu et ajoutons vos programmes. Vous pouvez demander des modifications à tout moment.

Les personnes qui veulent apprendre peuvent utiliser le même formulaire : dites-nous ce que vous cherchez et nous vous indiquerons des lieux et des programmes qui vous conviennent.

## Contact {#contact}

Écrivez-nous à ${MAIL_LINK}. Nous répondons à chaque message, même si cela peut prendre quelques jours. Pour corriger ou retirer une fiche, indiquez-nous son nom et ce qui doit changer.
`,
  },
  de: {
    "about-lead":
      "Wir sind eine kleine, ehrenamtlich getragene gemeinnützige Organisation, die Menschen, die Permakultur lernen wollen, hilft, die Menschen und Orte zu finden, die sie lehren.",
    about: `## Wer wir sind

{{site-name}} begann als gemeinsame Tabelle einiger Permakultur-Lehrender, die es leid waren, immer wieder dieselbe Frage zu beantworten: „Wo kann ich das in meiner Nähe lernen?“. Heute ist es ein Verzeichnis, das Ehrenamtliche in mehreren Ländern pflegen, finanziert durch kleine Spenden, ohne Werbung und ohne Investoren.

## Unsere Mission

Wir verbinden Lehrende und Lernende der Permakultur weltweit. Jeder Mensch, überall, soll einen Hof, eine Schule oder eine Gemeinschaft finden können, wo regeneratives Gestalten zu sehen ist, wo man es mit den eigenen Händen lernt und mit nach Hause nimmt. Besonders am Herzen liegen uns Orte, die klein, lokal und über Suchmaschinen schwer zu finden sind.

## So funktioniert das Verzeichnis

- **Orte** sind Höfe, Schulen, Ökodörfer und Renaturierungsprojekte. Jeder Ort hat eine Seite mit einer Beschreibung, Schwerpunkten, Kontaktdaten und einer Karte. Du kannst sie [nach Region](/de/locations) oder auf der [Karte](/de/map) durchstöbern.
- **Programme** sind Kurse und Workshops dieser Orte, mit Terminen, Format und Preis. Sieh dir die [kommenden Programme](/de/programs) an oder abonniere sie in deinem Kalender.
- **Change-Maker** sind Menschen, deren Arbeit mehr Leute kennen sollten. [Lies ihre Geschichten](/de/change-makers).
- **Ressourcen** sind Bücher, Kanäle, Podcasts und Werkzeuge, die Lehrende im Netzwerk empfehlen.

Jeder Eintrag wird von einer ehrenamtlichen Person geprüft, bevor er erscheint. Einträge kosten nichts, und wir ordnen Orte nicht nach Bezahlung. Die Einträge werden außerdem als offene Daten (GeoJSON und iCalendar) veröffentlicht, damit andere gemeinschaftliche Projekte sie weiterverwenden können.

## So kommst du ins Verzeichnis

1. Füll als lehrende Person das [Bewerbungsformular](/de/application) aus. Erzähl uns von deinem Ort, was du lehrst und für wen.
2. Eine ehrenamtliche Person prüft die Bewerbung, meist innerhalb von zwei Wochen, und stellt dir vielleicht ein paar Fragen per E-Mail.
3. Nach der Zusage legen wir die Seite deines Ortes an und fügen deine Programme hinzu. Änderungen kannst du jederzeit erbitten.

Lernende können dasselbe Formular nutzen: Erzähl uns, was du suchst, und wir nennen dir passende Orte und Programme.

## Kontakt {#contact}

Schreib uns an ${MAIL_LINK}. Wir beantworten jede Nachricht, auch wenn es ein paar Tage dauern kann. Um einen Eintrag zu korrigieren oder entfernen zu lassen, nenn uns seinen Namen und was sich ändern soll.
`,
  },
};
