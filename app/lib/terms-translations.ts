import { MAIL_LINK, type PageTextTranslations } from "./page-text-translations";

/**
 * The terms' starting text and introduction in the other languages: translations of the English in
 * page-text-defaults.ts, shown while the English is still the starting text (an owner who rewrites it gets the
 * English, marked, until they translate it). `{{data-licence}}` is the licence chosen in Site settings (decision
 * 057): keep it in every language, or the page no longer states it. Links point to the page's own language; the
 * open-data files have one address.
 */
export const TERMS_TRANSLATIONS: PageTextTranslations<"terms-lead" | "terms"> = {
  es: {
    "terms-lead":
      "Reglas claras para un directorio comunitario: lo que prometemos, lo que no podemos prometer y lo que te pedimos.",
    terms: `## Sobre estas condiciones

Estas condiciones se aplican a todas las personas que usan el sitio web de {{site-name}}. Al usar el sitio las aceptas. Si no estás de acuerdo, no uses el sitio. Cómo tratamos los datos personales se explica aparte, en nuestra [política de privacidad](/es/privacy).

## El directorio

Publicamos lugares, programas, personas y recursos de buena fe, a partir de lo que nos cuentan los propios lugares y nuestros voluntarios. Revisamos las fichas antes de publicarlas, pero no podemos visitar cada lugar ni garantizar que las fechas, los precios, los datos de contacto o las descripciones estén al día o completos. Antes de viajar, pagar o inscribirte, confirma los detalles directamente con el lugar o con quien organiza.

Los cursos, las estancias y el voluntariado se acuerdan entre tú y el lugar. No somos parte de esos acuerdos, no cobramos nada por ellos y no somos responsables de ellos. Los enlaces a otros sitios web se ofrecen por comodidad; no controlamos esos sitios.

## Solicitar y aparecer en el directorio

- Envía solo información verdadera sobre ti y tu organización, y solo lo que tengas derecho a compartir.
- Podemos aceptar o rechazar cualquier solicitud y editar, pausar o retirar una ficha, por ejemplo cuando está desactualizada, induce a error o ya no sigue el espíritu de la ética de la permacultura: cuidar la tierra, cuidar a las personas, compartir con equidad.
- Si nos envías textos o imágenes para una ficha, confirmas que puedes hacerlo y nos permites publicarlos en el sitio, y los textos también en nuestros datos abiertos con la licencia indicada más abajo. Puedes pedirnos que los retiremos en cualquier momento.
- Aparecer en el directorio es gratis. Nunca pedimos dinero por publicar ni por destacar un lugar.

## Uso aceptable

Por favor, no:

- envíes formularios de forma automática o masiva, ni des direcciones de correo de otras personas sin su consentimiento;
- intentes entrar en partes del sitio que no son para ti ni perturbes el servicio;
- copies datos de contacto del directorio para enviar publicidad no solicitada.

Podemos bloquear el acceso o retirar contenidos para proteger el sitio y a las personas que aparecen en él.

## Datos abiertos

Las fichas públicas también se ofrecen como datos abiertos: [lugares en GeoJSON](/locations.geojson), [programas como calendario iCalendar](/programs.ics) y [el pódcast en RSS](/podcast.xml). Sus datos y textos se publican bajo la licencia {{data-licence}}: puedes copiarlos, compartirlos y adaptarlos para cualquier fin, también comercial, en las condiciones de esa licencia, citando a {{site-name}} con un enlace a la ficha. Las imágenes no están incluidas: siguen siendo de sus autores. Los datos de contacto son datos personales: no los uses para publicidad.

## Responsabilidad

El sitio lo ofrecen voluntarios tal cual, sin garantías. En la medida en que la ley lo permita, no somos responsables de las pérdidas derivadas del uso del sitio o de confiar en sus fichas. Nada de estas condiciones limita los derechos que la ley te reconoce como consumidor.

## Cambios y contacto

Podemos actualizar estas condiciones; la fecha de arriba indica la última versión. Preguntas, correcciones o reclamaciones: ${MAIL_LINK}.
`,
  },
  pt: {
    "terms-lead":
      "Regras simples para um diretório comunitário: o que prometemos, o que não podemos prometer e o que pedimos a você.",
    terms: `## Sobre estes termos

Estes termos valem para todas as pessoas que usam o site da {{site-name}}. Ao usar o site, você os aceita. Se você não concordar, não use o site. A forma como tratamos dados pessoais está descrita à parte, na nossa [política de privacidade](/pt/privacy).

## O diretório

Publicamos lugares, programas, pessoas e recursos de boa-fé, com base no que os próprios lugares e nossos voluntários nos contam. Verificamos os cadastros antes de publicá-los, mas não podemos visitar cada lugar nem garantir que datas, preços, contatos ou descrições estejam atualizados ou completos. Antes de viajar, pagar ou se inscrever, confirme os detalhes diretamente com o lugar ou com quem organiza.

Cursos, estadias e voluntariado são combinados entre você e o lugar. Não fazemos parte desses acordos, não recebemos pagamento por eles e não somos responsáveis por eles. Links para outros sites são oferecidos por conveniência; não controlamos esses sites.

## Candidaturas e cadastro no diretório

- Envie apenas informações verdadeiras sobre você e sua organização, e somente o que você tem o direito de compartilhar.
- Podemos aceitar ou recusar qualquer candidatura e editar, suspender ou remover um cadastro, por exemplo quando estiver desatualizado, for enganoso ou não seguir mais o espírito da ética da permacultura: cuidar da terra, cuidar das pessoas, partilha justa.
- Se você nos enviar textos ou imagens para um cadastro, confirma que pode fazer isso e nos autoriza a publicá-los no site, e os textos também nos nossos dados abertos sob a licença indicada abaixo. Você pode pedir que os removamos a qualquer momento.
- O cadastro é gratuito. Nunca cobramos para publicar ou destacar um lugar.

## Uso aceitável

Por favor, não:

- envie formulários de forma automática ou em massa, nem informe endereços de e-mail de outras pessoas sem o consentimento delas;
- tente entrar em partes do site que não são para você nem atrapalhe o serviço;
- copie contatos do diretório para enviar publicidade não solicitada.

Podemos bloquear o acesso ou remover conteúdos para proteger o site e as pessoas cadastradas nele.

## Dados abertos

Os cadastros públicos também são oferecidos como dados abertos: [lugares em GeoJSON](/locations.geojson), [programas como calendário iCalendar](/programs.ics) e [o podcast em RSS](/podcast.xml). Seus dados e textos são publicados sob a licença {{data-licence}}: você pode copiá-los, compartilhá-los e adaptá-los para qualquer finalidade, inclusive comercial, nas condições dessa licença, dando o crédito à {{site-name}} com um link para o cadastro. As imagens não estão incluídas: continuam sendo de seus autores. Os contatos são dados pessoais: não os use para publicidade.

## Responsabilidade

O site é oferecido por voluntários como está, sem garantias. Na medida em que a lei permitir, não somos responsáveis por perdas decorrentes do uso do site ou da confiança em seus cadastros. Nada nestes termos limita os direitos que a lei garante a você como consumidor.

## Alterações e contato

Podemos atualizar estes termos; a data acima mostra a versão mais recente. Dúvidas, correções ou reclamações: ${MAIL_LINK}.
`,
  },
  fr: {
    "terms-lead":
      "Des règles simples pour un annuaire communautaire : ce que nous promettons, ce que nous ne pouvons pas promettre et ce que nous vous demandons.",
    terms: `## À propos de ces conditions

Ces conditions s’appliquent à toute personne qui utilise le site de {{site-name}}. En utilisant le site, vous les acceptez. Si vous n’êtes pas d’accord, merci de ne pas utiliser le site. La façon dont nous traitons les données personnelles est décrite à part, dans notre [politique de confidentialité](/fr/privacy).

## L’annuaire

Nous publions des lieux, des programmes, des personnes et des ressources de bonne foi, d’après ce que nous disent les lieux eux-mêmes et nos bénévoles. Nous vérifions les fiches avant de les publier, mais nous ne pouvons pas visiter chaque lieu ni garantir que les dates, les prix, les coordonnées ou les descriptions sont à jour ou complets. Avant de voyager, de payer ou de vous inscrire, confirmez les détails directement auprès du lieu ou de l’organisateur.

Les formations, séjours et missions de bénévolat se règlent entre vous et le lieu. Nous ne sommes pas partie à ces accords, ne percevons aucun paiement pour eux et n’en sommes pas responsables. Les liens vers d’autres sites sont fournis par commodité ; nous ne contrôlons pas ces sites.

## Candidater et figurer dans l’annuaire

- N’envoyez que des informations exactes sur vous et votre organisation, et seulement ce que vous avez le droit de partager.
- Nous pouvons accepter ou refuser toute candidature et modifier, suspendre ou retirer une fiche, par exemple lorsqu’elle est périmée, trompeuse ou ne correspond plus à l’esprit de l’éthique de la permaculture : prendre soin de la terre, prendre soin des humains, partager équitablement.
- Si vous nous envoyez des textes ou des images pour une fiche, vous confirmez en avoir le droit et nous autorisez à les publier sur le site, et les textes aussi dans nos données ouvertes sous la licence indiquée plus bas. Vous pouvez nous demander de les retirer à tout moment.
- Figurer dans l’annuaire est gratuit. Nous ne demandons jamais de paiement pour publier ou mettre en avant un lieu.

## Utilisation acceptable

Merci de ne pas :

- envoyer des formulaires de façon automatique ou en masse, ni saisir l’adresse e-mail d’autres personnes sans leur accord ;
- essayer d’accéder à des parties du site qui ne vous sont pas destinées, ni perturber le service ;
- copier des coordonnées de l’annuaire pour envoyer de la publicité non sollicitée.

Nous pouvons bloquer l’accès ou retirer des contenus pour protéger le site et les personnes qui y figurent.

## Données ouvertes

Les fiches publiques sont aussi proposées en données ouvertes : [les lieux en GeoJSON](/locations.geojson), [les programmes en agenda iCalendar](/programs.ics) et [le podcast en RSS](/podcast.xml). Leurs données et textes sont publiés sous la licence {{data-licence}} : vous pouvez les copier, les partager et les adapter à toutes fins, y compris commerciales, aux conditions de cette licence, en citant {{site-name}} avec un lien vers la fiche. Les images n’en font pas partie : elles restent à leurs auteurs. Les coordonnées sont des données personnelles : merci de ne pas les utiliser à des fins publicitaires.

## Responsabilité

Le site est fourni tel quel, par des bénévoles, sans garantie. Dans les limites permises par la loi, nous ne sommes pas responsables des pertes liées à l’utilisation du site ou à la confiance accordée à ses fiches. Rien dans ces conditions ne limite les droits que la loi vous accorde en tant que consommateur.

## Modifications et contact

Nous pouvons mettre à jour ces conditions ; la date ci-dessus indique la dernière version. Questions, corrections ou réclamations : ${MAIL_LINK}.
`,
  },
  de: {
    "terms-lead":
      "Klare Regeln für ein gemeinschaftliches Verzeichnis: was wir versprechen, was wir nicht versprechen können und worum wir dich bitten.",
    terms: `## Über diese Bedingungen

Diese Bedingungen gelten für alle, die die Website von {{site-name}} nutzen. Mit der Nutzung der Website akzeptierst du sie. Wenn du nicht einverstanden bist, nutze die Website bitte nicht. Wie wir mit personenbezogenen Daten umgehen, steht gesondert in unserer [Datenschutzerklärung](/de/privacy).

## Das Verzeichnis

Wir führen Orte, Programme, Menschen und Ressourcen nach bestem Wissen auf, auf Grundlage dessen, was uns die Orte selbst und unsere Ehrenamtlichen mitteilen. Wir prüfen Einträge vor der Veröffentlichung, können aber nicht jeden Ort besuchen oder garantieren, dass Termine, Preise, Kontaktdaten oder Beschreibungen aktuell oder vollständig sind. Bevor du reist, bezahlst oder dich anmeldest, kläre die Einzelheiten direkt mit dem Ort oder den Veranstaltenden.

Kurse, Aufenthalte und Freiwilligeneinsätze vereinbarst du direkt mit dem Ort. Wir sind an diesen Vereinbarungen nicht beteiligt, nehmen dafür kein Geld und sind für sie nicht verantwortlich. Links zu anderen Websites dienen der Bequemlichkeit; auf diese Websites haben wir keinen Einfluss.

## Bewerben und eingetragen werden

- Schick uns nur wahre Angaben über dich und deine Organisation, und nur, was du weitergeben darfst.
- Wir können jede Bewerbung annehmen oder ablehnen und einen Eintrag bearbeiten, pausieren oder entfernen, zum Beispiel wenn er veraltet oder irreführend ist oder nicht mehr im Sinne der Permakultur-Ethik steht: Sorge für die Erde, Sorge für die Menschen, gerechtes Teilen.
- Wenn du uns Texte oder Bilder für einen Eintrag schickst, bestätigst du, dass du das darfst, und erlaubst uns, sie auf der Website zu veröffentlichen, die Texte auch in unseren offenen Daten unter der unten genannten Lizenz. Du kannst uns jederzeit bitten, sie zu entfernen.
- Der Eintrag ist kostenlos. Wir verlangen nie Geld dafür, einen Ort aufzunehmen oder hervorzuheben.

## Zulässige Nutzung

Bitte:

- schick Formulare nicht automatisch oder massenhaft ab und gib keine E-Mail-Adressen anderer Menschen ohne deren Einverständnis ein;
- versuche nicht, in Bereiche der Website zu gelangen, die nicht für dich bestimmt sind, und störe den Betrieb nicht;
- kopiere keine Kontaktdaten aus dem Verzeichnis, um unerwünschte Werbung zu verschicken.

Wir können den Zugang sperren oder Inhalte entfernen, um die Website und die eingetragenen Menschen zu schützen.

## Offene Daten

Die öffentlichen Einträge gibt es auch als offene Daten: [Orte als GeoJSON](/locations.geojson), [Programme als iCalendar-Feed](/programs.ics) und [den Podcast als RSS](/podcast.xml). Die Angaben und Texte der Einträge werden unter der Lizenz {{data-licence}} veröffentlicht: Du darfst sie zu jedem Zweck, auch kommerziell, kopieren, weitergeben und bearbeiten, zu den Bedingungen dieser Lizenz und mit Nennung von {{site-name}} und einem Link zum Eintrag. Bilder sind davon ausgenommen, denn die Rechte daran bleiben bei ihren Urheberinnen und Urhebern. Kontaktdaten sind personenbezogene Daten: Nutze sie bitte nicht für Werbung.

## Haftung

Die Website wird von Ehrenamtlichen bereitgestellt, so wie sie ist, ohne Gewähr. Soweit gesetzlich zulässig, haften wir nicht für Schäden, die aus der Nutzung der Website oder dem Vertrauen auf ihre Einträge entstehen. Nichts in diesen Bedingungen schränkt Rechte ein, die du als Verbraucherin oder Verbraucher gesetzlich hast.

## Änderungen und Kontakt

Wir können diese Bedingungen ändern; das Datum oben zeigt die neueste Fassung. Fragen, Korrekturen oder Beschwerden: ${MAIL_LINK}.
`,
  },
};
