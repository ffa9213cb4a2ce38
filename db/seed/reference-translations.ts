/**
 * The translated names of the built-in regions and focus areas and of the demo sub-regions, by stored (English)
 * name. Staff change them in Admin → Names; seeding fills only rows that have no translations yet.
 */
import type { Language } from "~/lib/i18n/languages";

type Names = Record<string, Record<Exclude<Language, "en">, string>>;

export const REGION_TRANSLATIONS: Names = {
  "North America": { es: "América del Norte", pt: "América do Norte", fr: "Amérique du Nord", de: "Nordamerika" },
  "South America": { es: "América del Sur", pt: "América do Sul", fr: "Amérique du Sud", de: "Südamerika" },
  Europe: { es: "Europa", pt: "Europa", fr: "Europe", de: "Europa" },
  Africa: { es: "África", pt: "África", fr: "Afrique", de: "Afrika" },
  Asia: { es: "Asia", pt: "Ásia", fr: "Asie", de: "Asien" },
  Oceania: { es: "Oceanía", pt: "Oceania", fr: "Océanie", de: "Ozeanien" },
};

export const FOCUS_AREA_TRANSLATIONS: Names = {
  "Regenerative Agriculture": {
    es: "Agricultura regenerativa",
    pt: "Agricultura regenerativa",
    fr: "Agriculture régénératrice",
    de: "Regenerative Landwirtschaft",
  },
  "Sustainable Farming": {
    es: "Agricultura sostenible",
    pt: "Agricultura sustentável",
    fr: "Agriculture durable",
    de: "Nachhaltige Landwirtschaft",
  },
  Aquaponics: { es: "Acuaponía", pt: "Aquaponia", fr: "Aquaponie", de: "Aquaponik" },
  "Grass-Fed Livestock": {
    es: "Ganadería de pastoreo",
    pt: "Pecuária a pasto",
    fr: "Élevage à l’herbe",
    de: "Weidetierhaltung",
  },
  "Holistic Grazing": {
    es: "Pastoreo holístico",
    pt: "Pastoreio holístico",
    fr: "Pâturage holistique",
    de: "Ganzheitliche Beweidung",
  },
  "Soil Health": { es: "Salud del suelo", pt: "Saúde do solo", fr: "Santé des sols", de: "Bodengesundheit" },
  "Natural Building": {
    es: "Bioconstrucción",
    pt: "Bioconstrução",
    fr: "Construction naturelle",
    de: "Naturbau",
  },
  "Off-grid Systems": {
    es: "Sistemas autónomos",
    pt: "Sistemas autônomos",
    fr: "Systèmes autonomes",
    de: "Netzunabhängige Systeme",
  },
  "Sustainable Design": {
    es: "Diseño sostenible",
    pt: "Design sustentável",
    fr: "Conception durable",
    de: "Nachhaltiges Design",
  },
  "Water Management": {
    es: "Gestión del agua",
    pt: "Gestão da água",
    fr: "Gestion de l’eau",
    de: "Wassermanagement",
  },
  "Youth Education": {
    es: "Educación juvenil",
    pt: "Educação de jovens",
    fr: "Éducation des jeunes",
    de: "Jugendbildung",
  },
  "Environmental Education": {
    es: "Educación ambiental",
    pt: "Educação ambiental",
    fr: "Éducation à l’environnement",
    de: "Umweltbildung",
  },
  "Community Engagement": {
    es: "Participación comunitaria",
    pt: "Envolvimento comunitário",
    fr: "Engagement local",
    de: "Gemeinschaftsarbeit",
  },
  "Sustainable Living": {
    es: "Vida sostenible",
    pt: "Vida sustentável",
    fr: "Mode de vie durable",
    de: "Nachhaltig leben",
  },
  "Marine Conservation": {
    es: "Conservación marina",
    pt: "Conservação marinha",
    fr: "Protection du milieu marin",
    de: "Meeresschutz",
  },
  "Coral Restoration": {
    es: "Restauración de corales",
    pt: "Restauração de corais",
    fr: "Restauration des coraux",
    de: "Korallenrenaturierung",
  },
  "Ocean Repair": {
    es: "Reparación de los océanos",
    pt: "Recuperação dos oceanos",
    fr: "Réparation des océans",
    de: "Meeresregeneration",
  },
  "Land Restoration": {
    es: "Restauración de tierras",
    pt: "Restauração de terras",
    fr: "Restauration des terres",
    de: "Landrenaturierung",
  },
  "Community Composting": {
    es: "Compostaje comunitario",
    pt: "Compostagem comunitária",
    fr: "Compostage partagé",
    de: "Gemeinschaftskompostierung",
  },
  "Waste Management": {
    es: "Gestión de residuos",
    pt: "Gestão de resíduos",
    fr: "Gestion des déchets",
    de: "Abfallwirtschaft",
  },
  "Resource Conservation": {
    es: "Conservación de recursos",
    pt: "Conservação de recursos",
    fr: "Préservation des ressources",
    de: "Ressourcenschonung",
  },
  Agritourism: { es: "Agroturismo", pt: "Agroturismo", fr: "Agritourisme", de: "Agrotourismus" },
  "Sustainable Tourism": {
    es: "Turismo sostenible",
    pt: "Turismo sustentável",
    fr: "Tourisme durable",
    de: "Nachhaltiger Tourismus",
  },
  "Eco-tourism": { es: "Ecoturismo", pt: "Ecoturismo", fr: "Écotourisme", de: "Ökotourismus" },
};

export const SUB_REGION_TRANSLATIONS: Names = {
  "Pacific Northwest": {
    es: "Noroeste del Pacífico",
    pt: "Noroeste do Pacífico",
    fr: "Nord-Ouest Pacifique",
    de: "Pazifischer Nordwesten",
  },
  "American Southwest": {
    es: "Suroeste de Estados Unidos",
    pt: "Sudoeste dos Estados Unidos",
    fr: "Sud-Ouest américain",
    de: "Südwesten der USA",
  },
  "Northeast and Great Lakes": {
    es: "Noreste y Grandes Lagos",
    pt: "Nordeste e Grandes Lagos",
    fr: "Nord-Est et Grands Lacs",
    de: "Nordosten und Große Seen",
  },
  Appalachia: { es: "Apalaches", pt: "Apalaches", fr: "Appalaches", de: "Appalachen" },
  "Mexico and Central America": {
    es: "México y Centroamérica",
    pt: "México e América Central",
    fr: "Mexique et Amérique centrale",
    de: "Mexiko und Mittelamerika",
  },
  Andes: { es: "Andes", pt: "Andes", fr: "Andes", de: "Anden" },
  "Amazon Basin": {
    es: "Cuenca amazónica",
    pt: "Bacia Amazônica",
    fr: "Bassin amazonien",
    de: "Amazonasbecken",
  },
  "Atlantic Forest": {
    es: "Mata Atlántica",
    pt: "Mata Atlântica",
    fr: "Forêt atlantique",
    de: "Atlantischer Regenwald",
  },
  "Southern Cone": { es: "Cono Sur", pt: "Cone Sul", fr: "Cône Sud", de: "Südkegel" },
  "Iberian Peninsula": {
    es: "Península ibérica",
    pt: "Península Ibérica",
    fr: "Péninsule ibérique",
    de: "Iberische Halbinsel",
  },
  Mediterranean: { es: "Mediterráneo", pt: "Mediterrâneo", fr: "Méditerranée", de: "Mittelmeerraum" },
  "British Isles": { es: "Islas británicas", pt: "Ilhas Britânicas", fr: "Îles britanniques", de: "Britische Inseln" },
  "Central Europe": { es: "Europa central", pt: "Europa Central", fr: "Europe centrale", de: "Mitteleuropa" },
  "Nordic and Baltic": {
    es: "Países nórdicos y bálticos",
    pt: "Países nórdicos e bálticos",
    fr: "Pays nordiques et baltes",
    de: "Nordeuropa und Baltikum",
  },
  "East Africa": { es: "África oriental", pt: "África Oriental", fr: "Afrique de l’Est", de: "Ostafrika" },
  "West Africa": { es: "África occidental", pt: "África Ocidental", fr: "Afrique de l’Ouest", de: "Westafrika" },
  "Southern Africa": { es: "África austral", pt: "África Austral", fr: "Afrique australe", de: "Südliches Afrika" },
  "North Africa": { es: "Norte de África", pt: "Norte da África", fr: "Afrique du Nord", de: "Nordafrika" },
  "Southeast Asia": { es: "Sudeste asiático", pt: "Sudeste Asiático", fr: "Asie du Sud-Est", de: "Südostasien" },
  "South Asia": { es: "Asia meridional", pt: "Sul da Ásia", fr: "Asie du Sud", de: "Südasien" },
  Himalaya: { es: "Himalaya", pt: "Himalaia", fr: "Himalaya", de: "Himalaya" },
  "East Asia": { es: "Asia oriental", pt: "Ásia Oriental", fr: "Asie de l’Est", de: "Ostasien" },
  "West and Central Asia": {
    es: "Asia occidental y central",
    pt: "Ásia Ocidental e Central",
    fr: "Asie occidentale et centrale",
    de: "West- und Zentralasien",
  },
  "Eastern Australia": {
    es: "Australia oriental",
    pt: "Leste da Austrália",
    fr: "Australie orientale",
    de: "Ostaustralien",
  },
  "Southern and Western Australia": {
    es: "Sur y oeste de Australia",
    pt: "Sul e oeste da Austrália",
    fr: "Sud et ouest de l’Australie",
    de: "Süd- und Westaustralien",
  },
  "New Zealand": { es: "Nueva Zelanda", pt: "Nova Zelândia", fr: "Nouvelle-Zélande", de: "Neuseeland" },
  "Pacific Islands": {
    es: "Islas del Pacífico",
    pt: "Ilhas do Pacífico",
    fr: "Îles du Pacifique",
    de: "Pazifikinseln",
  },
};
