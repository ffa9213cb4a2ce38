import { MAIL_LINK, type PageTextTranslations } from "./page-text-translations";

/**
 * The privacy page's starting text and introduction in the other languages: translations of the English in
 * page-text-defaults.ts, shown while the English is still the starting text (an owner who rewrites it gets the
 * English, marked, until they translate it). The retention periods stated here are the site's (decision 054): keep
 * them the same in every language. Links point to the page's own language.
 */
export const PRIVACY_TRANSLATIONS: PageTextTranslations<"privacy-lead" | "privacy"> = {
  es: {
    "privacy-lead":
      "Recogemos lo menos posible, lo guardamos solo mientras lo necesitamos y nunca lo vendemos ni lo compartimos. Esto es exactamente lo que significa.",
    privacy: `## Quién es responsable

{{site-name}} lo lleva un pequeño equipo de voluntarios. Somos responsables de los datos personales que se describen aquí. Puedes escribirnos sobre cualquier cosa de esta página a ${MAIL_LINK}.

## Qué guardamos y por qué

### Boletín

Cuando te suscribes al boletín guardamos tu dirección de correo, la fecha y la hora de la suscripción y el formulario que usaste (por ejemplo, el del pie de página). Solo la usamos para enviarte el boletín, unas pocas veces al año como mucho. Hasta que confirmes tu dirección con el enlace que te enviamos por correo, solo queda en espera: si no se confirma en los 7 días que funciona el enlace, la borramos al día siguiente. Una vez confirmada, la guardamos hasta que te des de baja o nos pidas que la borremos.

### Correos del pódcast

Cuando te suscribes a los avisos del pódcast guardamos tu dirección de correo, la fecha de la suscripción y el idioma de la página, solo para avisarte de los nuevos episodios en ese idioma. Hasta que confirmes tu dirección con el enlace que te enviamos por correo, no recibes nada más: si no se confirma en los 7 días que funciona el enlace, la borramos al día siguiente. Una vez confirmada, la guardamos hasta que te des de baja (con lo que la borramos) o nos pidas que la borremos.

### Solicitudes

Cuando envías el [formulario de solicitud](/es/application) guardamos lo que escribes: tu nombre, tu dirección de correo, si solicitas unirte para enseñar o para aprender, tu organización, país y región, áreas de interés, tus respuestas sobre tu experiencia y lo que buscas, tu sitio web si nos lo diste y el momento en que aceptaste esta política. Lo usamos para revisar tu solicitud, responderte y, si enseñas y te aceptamos, preparar contigo una ficha en el directorio. Guardamos las solicitudes hasta dos años después de nuestro último contacto contigo y después las borramos. Lo que pasa a formar parte de una ficha pública solo se publica cuando lo has aceptado.

### Correos que enviamos

El sitio guarda una copia de cada correo que envía (confirmaciones del boletín, acuses de recibo de solicitudes y sugerencias, enlaces para elegir una contraseña) durante 30 días, para comprobar que se entregó, y después la borra; las copias de cada boletín se guardan como registro de su envío. Para que nadie pueda usar nuestros formularios para inundar un buzón, contamos con esas copias los correos enviados a cada dirección y a cada dominio de correo durante el último día.

### Estadísticas de visitas

Para saber qué páginas son útiles contamos las visitas a las páginas y los envíos de formularios. Estas estadísticas no usan cookies ni guardan tu dirección IP: la dirección se combina con un secreto que cambia con regularidad para obtener un código de un solo sentido que no permite recuperar la dirección, y solo se guardan ese código, la página, el sitio de procedencia, un tipo aproximado de dispositivo y el país. Las estadísticas solo se recogen en el sitio publicado. Guardamos los eventos sin procesar un máximo de 13 meses y, después, solo los resúmenes.

### Registros del servidor y seguridad

Nuestro servidor guarda registros técnicos breves (hora, página, estado de la respuesta y duración) para encontrar fallos. Para evitar abusos, como que alguien envíe cientos de formularios o de correos, guardamos un contador por conexión solo mientras dura el límite que cuenta (una hora para la mayoría de los formularios, un día para los correos a direcciones que nadie ha confirmado) y lo borramos en la hora siguiente. Estos registros no se usan para nada más.

## Cookies

No usamos cookies de seguimiento ni de publicidad, ni scripts de terceros que las instalen. El sitio solo instala una cookie cuando la necesita para funcionar: una cookie de sesión para nuestros editores voluntarios y una cookie de un minuto que lleva un mensaje de confirmación después de algunos formularios. Por eso no hay aviso de cookies.

## Quién ve tus datos

Solo los pocos voluntarios con una cuenta de edición pueden ver las suscripciones y las solicitudes. No vendemos, alquilamos ni compartimos datos personales con nadie, y no los usamos para publicidad. Nuestro proveedor de alojamiento guarda los datos en nuestro nombre y no puede usarlos para sus propios fines. Si la ley nos obliga a entregar datos, te lo diremos salvo que nos lo prohíba.

## Tus derechos

En cualquier momento puedes pedirnos que:

- te digamos qué guardamos sobre ti y te enviemos una copia;
- corrijamos lo que esté mal;
- borremos tu suscripción, tu solicitud o cualquier otra cosa que tengamos sobre ti;
- dejemos de enviarte correos (cada boletín y cada correo del pódcast llevan además un enlace para darse de baja).

Escribe a ${MAIL_LINK} desde la dirección de que se trate, o dinos cómo podemos confirmar que eres tú. Respondemos en un plazo de 30 días, normalmente mucho antes. Si no estás conforme con nuestra respuesta, puedes reclamar ante tu autoridad de protección de datos.

## Cambios

Si cambiamos cómo usamos los datos personales, actualizaremos esta página y su fecha. Si el cambio afecta a quienes se suscribieron o enviaron una solicitud, se lo diremos antes por correo.

Consulta también nuestras [condiciones de uso](/es/terms).
`,
  },
  pt: {
    "privacy-lead":
      "Coletamos o mínimo possível, guardamos só enquanto precisamos e nunca vendemos nem compartilhamos. Veja exatamente o que isso significa.",
    privacy: `## Quem é responsável

A {{site-name}} é mantida por uma pequena equipe de voluntários. Somos responsáveis pelos dados pessoais descritos aqui. Você pode nos escrever sobre qualquer assunto desta página em ${MAIL_LINK}.

## O que guardamos e por quê

### Boletim

Quando você assina o boletim, guardamos seu endereço de e-mail, a data e a hora da assinatura e o formulário que usou (por exemplo, o do rodapé). Usamos esse endereço só para enviar o boletim, no máximo algumas vezes por ano. Até você confirmar o endereço pelo link que enviamos por e-mail, ele fica apenas em espera: se não for confirmado nos 7 dias em que o link funciona, nós o apagamos no dia seguinte. Depois de confirmado, nós o guardamos até você cancelar a assinatura ou pedir que o apaguemos.

### E-mails do podcast

Quando você assina os avisos do podcast, guardamos seu endereço de e-mail, a data da assinatura e o idioma da página, só para avisar sobre novos episódios nesse idioma. Até você confirmar seu endereço com o link que enviamos por e-mail, você não recebe mais nada: se ele não for confirmado nos 7 dias em que o link funciona, nós o apagamos no dia seguinte. Depois de confirmado, nós o guardamos até você cancelar a assinatura (o que o apaga) ou pedir que o apaguemos.

### Candidaturas

Quando você envia o [formulário de candidatura](/pt/application), guardamos o que você escreve: seu nome, seu endereço de e-mail, se você se candidata para ensinar ou para aprender, sua organização, país e região, áreas de interesse, suas respostas sobre sua experiência e sobre o que procura, seu site, se informou um, e o momento em que aceitou esta política. Usamos esses dados para analisar sua candidatura, responder a você e, se você ensina e for aceito, preparar com você uma página no diretório. Guardamos as candidaturas por até dois anos após nosso último contato com você e depois as apagamos. O que passa a fazer parte de uma página pública só é publicado depois que você concordar.

### E-mails que enviamos

O site guarda uma cópia de cada e-mail que envia (confirmações do boletim, avisos de recebimento de candidaturas e sugestões, links para escolher uma senha) por 30 dias, para verificar se foi entregue, e depois a apaga; as cópias de cada boletim ficam guardadas como registro do envio. Para que ninguém use nossos formulários para inundar uma caixa de entrada, contamos, a partir dessas cópias, os e-mails enviados a cada endereço e a cada domínio de e-mail no último dia.

### Estatísticas de visitas

Para saber quais páginas são úteis, contamos as visualizações de páginas e os envios de formulários. Essas estatísticas não usam cookies nem guardam seu endereço IP: o endereço é combinado com um segredo que muda regularmente para gerar um código de mão única, que não pode ser convertido de volta no endereço, e só esse código, a página, o site de origem, um tipo aproximado de dispositivo e o país são guardados. As estatísticas só são coletadas no site publicado. Guardamos os eventos brutos por no máximo 13 meses e, depois disso, apenas resumos.

### Registros do servidor e segurança

Nosso servidor guarda registros técnicos curtos (hora, página, status da resposta e duração) para encontrar falhas. Para evitar abusos, como alguém enviar centenas de formulários ou de e-mails, guardamos um contador por conexão só enquanto dura o limite que ele conta (uma hora para a maioria dos formulários, um dia para e-mails a endereços que ninguém confirmou) e o apagamos na hora seguinte. Esses registros não são usados para mais nada.

## Cookies

Não usamos cookies de rastreamento nem de publicidade, nem scripts de terceiros que os definam. O site só define um cookie quando ele é necessário para funcionar: um cookie de sessão para nossos editores voluntários e um cookie de um minuto que leva uma mensagem de confirmação depois de alguns formulários. Por isso não há aviso de cookies.

## Quem vê seus dados

Só os poucos voluntários com uma conta de edição podem ver assinaturas e candidaturas. Não vendemos, alugamos nem compartilhamos dados pessoais com ninguém, e não os usamos para publicidade. Nosso provedor de hospedagem guarda os dados em nosso nome e não pode usá-los para fins próprios. Se a lei nos obrigar a entregar dados, avisaremos você, a menos que sejamos proibidos de fazê-lo.

## Seus direitos

A qualquer momento, você pode nos pedir que:

- digamos o que guardamos sobre você e enviemos uma cópia;
- corrijamos o que estiver errado;
- apaguemos sua assinatura, sua candidatura ou qualquer outra informação que tenhamos sobre você;
- paremos de enviar e-mails a você (cada boletim e cada e-mail do podcast também têm um link para cancelar a assinatura).

Escreva para ${MAIL_LINK} a partir do endereço em questão, ou diga como podemos confirmar que é você. Respondemos em até 30 dias, geralmente muito antes. Se não ficar satisfeito com nossa resposta, você pode reclamar à autoridade de proteção de dados.

## Alterações

Se mudarmos a forma como usamos dados pessoais, atualizaremos esta página e sua data. Se a mudança afetar quem assinou ou se candidatou, avisaremos essas pessoas por e-mail antes.

Veja também nossos [termos de uso](/pt/terms).
`,
  },
  fr: {
    "privacy-lead":
      "Nous collectons le moins possible, ne le gardons que le temps nécessaire et ne le vendons ni ne le partageons jamais. Voici exactement ce que cela veut dire.",
    privacy: `## Qui est responsable

{{site-name}} est animé par une petite équipe de bénévoles. Nous sommes responsables des données personnelles décrites ici. Vous pouvez nous écrire au sujet de tout ce qui figure sur cette page à ${MAIL_LINK}.

## Ce que nous conservons, et pourquoi

### Lettre d’information

Lorsque vous vous abonnez à la lettre d’information, nous conservons votre adresse e-mail, la date et l’heure de votre abonnement et le formulaire utilisé (par exemple celui du pied de page). Nous ne l’utilisons que pour envoyer la lettre, quelques fois par an au plus. Tant que vous n’avez pas confirmé votre adresse avec le lien que nous vous envoyons par e-mail, elle est seulement en attente : si elle n’est pas confirmée pendant les 7 jours de validité du lien, nous la supprimons le lendemain. Une fois confirmée, nous la conservons jusqu’à votre désabonnement ou jusqu’à ce que vous nous demandiez de la supprimer.

### E-mails du podcast

Lorsque vous vous abonnez aux nouvelles du podcast, nous conservons votre adresse e-mail, la date de votre abonnement et la langue de la page, uniquement pour vous prévenir des nouveaux épisodes dans cette langue. Tant que vous n’avez pas confirmé votre adresse avec le lien que nous vous envoyons par e-mail, vous ne recevez rien d’autre : si elle n’est pas confirmée pendant les 7 jours de validité du lien, nous la supprimons le lendemain. Une fois confirmée, nous la conservons jusqu’à votre désabonnement (qui la supprime) ou jusqu’à ce que vous nous demandiez de la supprimer.

### Candidatures

Lorsque vous envoyez le [formulaire de candidature](/fr/application), nous conservons ce que vous saisissez : votre nom, votre adresse e-mail, si vous candidatez pour enseigner ou pour apprendre, votre organisation, votre pays et votre région, vos domaines d’intérêt, vos réponses sur votre expérience et sur ce que vous cherchez, votre site web si vous l’avez indiqué, et le moment où vous avez accepté cette politique. Nous les utilisons pour examiner votre candidature, vous répondre et, si vous enseignez et êtes accepté, préparer avec vous une fiche dans l’annuaire. Nous conservons les candidatures jusqu’à deux ans après notre dernier échange avec vous, puis nous les supprimons. Ce qui devient une fiche publique n’est publié qu’après votre accord.

### E-mails que nous envoyons

Le site conserve une copie de chaque e-mail qu’il envoie (confirmations de la lettre d’information, accusés de réception des candidatures et des suggestions, liens pour choisir un mot de passe) pendant 30 jours, pour vérifier qu’il a été remis, puis la supprime ; les copies de chaque lettre d’information sont conservées comme trace de son envoi. Pour que personne ne puisse se servir de nos formulaires pour inonder une boîte aux lettres, nous comptons, à partir de ces copies, les e-mails envoyés à chaque adresse et à chaque domaine de messagerie au cours de la dernière journée.

### Statistiques de visite

Pour savoir quelles pages sont utiles, nous comptons les pages vues et les envois de formulaires. Ces statistiques n’utilisent aucun cookie et ne conservent pas votre adresse IP : l’adresse est combinée à un secret qui change régulièrement pour former un code à sens unique, qui ne permet pas de retrouver l’adresse, et seuls ce code, la page, le site d’origine, un type d’appareil approximatif et le pays sont conservés. Les statistiques ne sont collectées que sur le site en ligne. Nous conservons les événements bruts 13 mois au plus, puis seulement des résumés.

### Journaux du serveur et sécurité

Notre serveur conserve de brefs journaux techniques (heure, page, statut de la réponse et durée) pour trouver les pannes. Pour éviter les abus, comme l’envoi de centaines de formulaires ou d’e-mails, nous conservons un compteur par connexion seulement tant que dure la limite qu’il compte (une heure pour la plupart des formulaires, une journée pour les e-mails adressés à des adresses que personne n’a confirmées), puis nous le supprimons dans l’heure qui suit. Ces données ne servent à rien d’autre.

## Cookies

Nous n’utilisons aucun cookie de suivi ou de publicité, ni de scripts tiers qui en déposent. Le site ne dépose un cookie que lorsqu’il en a besoin pour fonctionner : un cookie de connexion pour nos éditeurs bénévoles, et un cookie d’une minute qui transporte un message de confirmation après certains formulaires. C’est pourquoi il n’y a pas de bandeau de cookies.

## Qui voit vos données

Seuls les quelques bénévoles disposant d’un compte d’édition peuvent voir les abonnements et les candidatures. Nous ne vendons, ne louons et ne partageons de données personnelles avec personne, et nous ne les utilisons pas à des fins publicitaires. Notre hébergeur stocke les données pour notre compte et ne peut pas les utiliser à ses propres fins. Si la loi nous oblige à remettre des données, nous vous en informerons, sauf si cela nous est interdit.

## Vos droits

Vous pouvez à tout moment nous demander de :

- vous dire ce que nous conservons à votre sujet et vous en envoyer une copie ;
- corriger ce qui est inexact ;
- supprimer votre abonnement, votre candidature ou toute autre donnée que nous détenons à votre sujet ;
- cesser de vous envoyer des e-mails (chaque lettre d’information et chaque e-mail du podcast contient aussi un lien de désabonnement).

Écrivez à ${MAIL_LINK} depuis l’adresse concernée, ou dites-nous comment vérifier qu’il s’agit bien de vous. Nous répondons sous 30 jours, généralement bien plus tôt. Si notre réponse ne vous satisfait pas, vous pouvez saisir votre autorité de protection des données.

## Modifications

Si nous changeons notre façon d’utiliser les données personnelles, nous mettrons à jour cette page et sa date. Si le changement concerne les personnes abonnées ou candidates, nous les préviendrons d’abord par e-mail.

Voir aussi nos [conditions d’utilisation](/fr/terms).
`,
  },
  de: {
    "privacy-lead":
      "Wir erheben so wenig wie möglich, behalten es nur so lange wie nötig und verkaufen oder teilen es nie. Hier steht genau, was das bedeutet.",
    privacy: `## Wer verantwortlich ist

{{site-name}} wird von einem kleinen ehrenamtlichen Team betrieben. Wir sind für die hier beschriebenen personenbezogenen Daten verantwortlich. Zu allem auf dieser Seite erreichst du uns unter ${MAIL_LINK}.

## Was wir speichern und warum

### Newsletter

Wenn du den Newsletter abonnierst, speichern wir deine E-Mail-Adresse, Datum und Uhrzeit des Abonnements und das Formular, das du benutzt hast (zum Beispiel das in der Fußzeile). Wir verwenden sie nur, um den Newsletter zu verschicken, höchstens ein paar Mal im Jahr. Bis du deine Adresse über den Link bestätigst, den wir dir per E-Mail schicken, wartet sie nur: Wird sie nicht innerhalb der 7 Tage bestätigt, die der Link gilt, löschen wir sie am Tag danach. Nach der Bestätigung behalten wir sie, bis du dich abmeldest oder uns bittest, sie zu löschen.

### Podcast-E-Mails

Wenn du Neuigkeiten zum Podcast abonnierst, speichern wir deine E-Mail-Adresse, das Datum des Abonnements und die Sprache der Seite, nur um dich in dieser Sprache über neue Folgen zu informieren. Bis du deine Adresse mit dem Link bestätigst, den wir dir per E-Mail schicken, bekommst du nichts anderes: Wird sie nicht innerhalb der 7 Tage bestätigt, die der Link gilt, löschen wir sie am Tag danach. Nach der Bestätigung behalten wir sie, bis du dich abmeldest (womit wir sie löschen) oder uns bittest, sie zu löschen.

### Bewerbungen

Wenn du das [Bewerbungsformular](/de/application) abschickst, speichern wir, was du eingibst: deinen Namen, deine E-Mail-Adresse, ob du dich als lehrende oder lernende Person bewirbst, deine Organisation, Land und Region, Schwerpunkte, deine Antworten zu deiner Erfahrung und zu dem, was du suchst, deine Website, falls du eine angegeben hast, und den Zeitpunkt, zu dem du dieser Erklärung zugestimmt hast. Wir verwenden das, um deine Bewerbung zu prüfen, dir zu antworten und, wenn du lehrst und angenommen wirst, gemeinsam mit dir einen Eintrag im Verzeichnis vorzubereiten. Wir bewahren Bewerbungen bis zu zwei Jahre nach unserem letzten Kontakt mit dir auf und löschen sie dann. Was Teil eines öffentlichen Eintrags wird, veröffentlichen wir erst, wenn du zugestimmt hast.

### E-Mails, die wir verschicken

Die Website bewahrt von jeder E-Mail, die sie verschickt (Newsletter-Bestätigungen, Eingangsbestätigungen für Bewerbungen und Vorschläge, Links zum Wählen eines Passworts), 30 Tage lang eine Kopie auf, um zu prüfen, ob sie zugestellt wurde, und löscht sie dann; die Kopien eines Newsletters bleiben als Nachweis seines Versands erhalten. Damit niemand unsere Formulare benutzen kann, um ein Postfach zu überfluten, zählen wir anhand dieser Kopien die E-Mails, die am letzten Tag an jede Adresse und an jede E-Mail-Domain gingen.

### Besuchsstatistik

Um zu wissen, welche Seiten nützlich sind, zählen wir Seitenaufrufe und abgeschickte Formulare. Diese Statistik verwendet keine Cookies und speichert deine IP-Adresse nicht: Die Adresse wird mit einem regelmäßig wechselnden Geheimnis zu einem Einweg-Code verrechnet, aus dem sich die Adresse nicht zurückgewinnen lässt, und nur dieser Code, die Seite, die verweisende Website, eine grobe Geräteart und das Land werden gespeichert. Die Statistik wird nur auf der öffentlichen Website erhoben. Rohdaten behalten wir höchstens 13 Monate, danach nur Zusammenfassungen.

### Serverprotokolle und Sicherheit

Unser Server führt kurze technische Protokolle (Zeit, Seite, Antwortstatus und Dauer), um Fehler zu finden. Um Missbrauch zu verhindern, etwa dass jemand Hunderte von Formularen oder E-Mails abschickt, führen wir einen Zähler pro Verbindung nur so lange, wie die gezählte Grenze gilt (eine Stunde für die meisten Formulare, einen Tag für E-Mails an Adressen, die niemand bestätigt hat), und löschen ihn in der Stunde danach. Diese Daten werden für nichts anderes verwendet.

## Cookies

Wir verwenden keine Tracking- oder Werbe-Cookies und keine Skripte von Dritten, die solche setzen. Die Website setzt ein Cookie nur, wenn sie es zum Funktionieren braucht: ein Anmelde-Cookie für unser ehrenamtliches Redaktionsteam und ein Cookie für eine Minute, das nach manchen Formularen eine Bestätigung überbringt. Deshalb gibt es keinen Cookie-Banner.

## Wer deine Daten sieht

Nur die wenigen Ehrenamtlichen mit einem Redaktionskonto können Abonnements und Bewerbungen sehen. Wir verkaufen, vermieten oder teilen personenbezogene Daten mit niemandem und nutzen sie nicht für Werbung. Unser Hosting-Anbieter speichert die Daten in unserem Auftrag und darf sie nicht für eigene Zwecke nutzen. Wenn uns ein Gesetz zur Herausgabe von Daten verpflichtet, sagen wir es dir, sofern es uns nicht verboten ist.

## Deine Rechte

Du kannst uns jederzeit bitten,

- dir zu sagen, was wir über dich speichern, und dir eine Kopie zu schicken;
- Falsches zu berichtigen;
- dein Abonnement, deine Bewerbung oder alles andere, was wir über dich haben, zu löschen;
- dir keine E-Mails mehr zu schicken (jeder Newsletter und jede Podcast-E-Mail enthält auch einen Abmeldelink).

Schreib an ${MAIL_LINK} von der betreffenden Adresse aus oder sag uns, wie wir prüfen können, dass du es bist. Wir antworten innerhalb von 30 Tagen, meist viel früher. Wenn du mit unserer Antwort nicht zufrieden bist, kannst du dich bei deiner Datenschutzbehörde beschweren.

## Änderungen

Wenn wir ändern, wie wir personenbezogene Daten verwenden, aktualisieren wir diese Seite und ihr Datum. Betrifft die Änderung Menschen, die etwas abonniert oder sich beworben haben, sagen wir es ihnen vorher per E-Mail.

Siehe auch unsere [Nutzungsbedingungen](/de/terms).
`,
  },
};
