/**
 * Resource names (menu entries, page titles) in the languages other than Spanish, whose names come from the
 * schemas' `label`/`labelPlural`. `[singular, plural]` per resource; a resource missing here shows its Spanish
 * name (tests/unit/i18n-menu.test.ts requires every menu resource in every language).
 */
import type { Language } from './language';

export type OtherLanguage = Exclude<Language, 'es'>;
export type NamePair = readonly [singular: string, plural: string];

export const RESOURCE_NAMES: Readonly<Record<string, Readonly<Record<OtherLanguage, NamePair>>>> = {
  productos: {
    en: ['Product', 'Products'],
    de: ['Produkt', 'Produkte'],
    fr: ['Produit', 'Produits'],
    pt: ['Produto', 'Produtos'],
  },
  'producto-generals': {
    en: ['General data', 'Product general data'],
    de: ['Allgemeine Daten', 'Allgemeine Produktdaten'],
    fr: ['Données générales', 'Données générales des produits'],
    pt: ['Dados gerais', 'Dados gerais dos produtos'],
  },
  'producto-atributos': {
    en: ['Product attribute', 'Product attributes'],
    de: ['Produktattribut', 'Produktattribute'],
    fr: ['Attribut de produit', 'Attributs de produits'],
    pt: ['Atributo de produto', 'Atributos de produtos'],
  },
  'producto-multimedias': {
    en: ['Product media', 'Product media'],
    de: ['Produktmedium', 'Produktmedien'],
    fr: ['Média de produit', 'Médias de produits'],
    pt: ['Multimédia de produto', 'Multimédia de produtos'],
  },
  ProductoIconos: {
    en: ['Product icon', 'Product icons'],
    de: ['Produktsymbol', 'Produktsymbole'],
    fr: ['Icône de produit', 'Icônes de produits'],
    pt: ['Ícone de produto', 'Ícones de produtos'],
  },
  'producto-datos-catalogo': {
    en: ['Catalogue and cost data', 'Catalogue and cost data'],
    de: ['Katalog- und Kostendaten', 'Katalog- und Kostendaten'],
    fr: ['Données de catalogue et de coût', 'Données de catalogue et de coût'],
    pt: ['Dados de catálogo e custo', 'Dados de catálogo e custo'],
  },
  'producto-caracteristicas': {
    en: ['Product feature', 'Product features'],
    de: ['Produktmerkmal', 'Produktmerkmale'],
    fr: ['Caractéristique de produit', 'Caractéristiques de produits'],
    pt: ['Característica de produto', 'Características de produtos'],
  },
  'vista-muestra-fotos-optimizadas': {
    en: ['Product photo', 'Product photos'],
    de: ['Produktfoto', 'Produktfotos'],
    fr: ['Photo de produit', 'Photos de produits'],
    pt: ['Fotografia de produto', 'Fotografias de produtos'],
  },
  B2bProductos: {
    en: ['B2B product', 'B2B products'],
    de: ['B2B-Produkt', 'B2B-Produkte'],
    fr: ['Produit B2B', 'Produits B2B'],
    pt: ['Produto B2B', 'Produtos B2B'],
  },
  categorias: {
    en: ['Category', 'Categories'],
    de: ['Kategorie', 'Kategorien'],
    fr: ['Catégorie', 'Catégories'],
    pt: ['Categoria', 'Categorias'],
  },
  familias: {
    en: ['Family', 'Families'],
    de: ['Familie', 'Familien'],
    fr: ['Famille', 'Familles'],
    pt: ['Família', 'Famílias'],
  },
  Marca: {
    en: ['Brand', 'Brands'],
    de: ['Marke', 'Marken'],
    fr: ['Marque', 'Marques'],
    pt: ['Marca', 'Marcas'],
  },
  Situaciones: {
    en: ['Status', 'Statuses'],
    de: ['Status', 'Status'],
    fr: ['Situation', 'Situations'],
    pt: ['Situação', 'Situações'],
  },
  Iconos: {
    en: ['Icon', 'Icons'],
    de: ['Symbol', 'Symbole'],
    fr: ['Icône', 'Icônes'],
    pt: ['Ícone', 'Ícones'],
  },
  'grupos-atributos': {
    en: ['Attribute group', 'Attribute groups'],
    de: ['Attributgruppe', 'Attributgruppen'],
    fr: ["Groupe d'attributs", "Groupes d'attributs"],
    pt: ['Grupo de atributos', 'Grupos de atributos'],
  },
  atributos: {
    en: ['Attribute', 'Attributes'],
    de: ['Attribut', 'Attribute'],
    fr: ['Attribut', 'Attributs'],
    pt: ['Atributo', 'Atributos'],
  },
  multimedias: {
    en: ['Media type', 'Media types'],
    de: ['Medientyp', 'Medientypen'],
    fr: ['Type de média', 'Types de médias'],
    pt: ['Tipo de multimédia', 'Tipos de multimédia'],
  },
  catalogos: {
    en: ['Catalogue', 'Catalogues'],
    de: ['Katalog', 'Kataloge'],
    fr: ['Catalogue', 'Catalogues'],
    pt: ['Catálogo', 'Catálogos'],
  },
  'catalogos-productos': {
    en: ['Catalogue product', 'Catalogue products'],
    de: ['Katalogprodukt', 'Katalogprodukte'],
    fr: ['Produit de catalogue', 'Produits de catalogues'],
    pt: ['Produto de catálogo', 'Produtos de catálogos'],
  },
  MarketPlaces: {
    en: ['Marketplace', 'Marketplaces'],
    de: ['Marktplatz', 'Marktplätze'],
    fr: ['Place de marché', 'Places de marché'],
    pt: ['Marketplace', 'Marketplaces'],
  },
  MarketPlacePrompts: {
    en: ['Marketplace prompt', 'Marketplace prompts'],
    de: ['Marktplatz-Prompt', 'Marktplatz-Prompts'],
    fr: ['Prompt de place de marché', 'Prompts de places de marché'],
    pt: ['Prompt de marketplace', 'Prompts de marketplaces'],
  },
  VistaMarketPlacePrompts: {
    en: ['Prompt (view)', 'Prompt view'],
    de: ['Prompt (Ansicht)', 'Prompt-Ansicht'],
    fr: ['Prompt (vue)', 'Vue des prompts'],
    pt: ['Prompt (vista)', 'Vista de prompts'],
  },
  TextosGenerados: {
    en: ['Generated text', 'Generated texts'],
    de: ['Generierter Text', 'Generierte Texte'],
    fr: ['Texte généré', 'Textes générés'],
    pt: ['Texto gerado', 'Textos gerados'],
  },
  ProductosGeneracionTextos: {
    en: ['Text generation', 'Text generation queue'],
    de: ['Textgenerierung', 'Warteschlange der Textgenerierung'],
    fr: ['Génération de textes', "File d'attente de génération de textes"],
    pt: ['Geração de textos', 'Fila de geração de textos'],
  },
  Ensamblados: {
    en: ['Assembly', 'Assembled products'],
    de: ['Baugruppe', 'Zusammengesetzte Produkte'],
    fr: ['Assemblage', 'Produits assemblés'],
    pt: ['Montagem', 'Produtos montados'],
  },
  Sustitutos: {
    en: ['Substitute', 'Substitutes'],
    de: ['Ersatzprodukt', 'Ersatzprodukte'],
    fr: ['Substitut', 'Substituts'],
    pt: ['Substituto', 'Substitutos'],
  },
  Repuestos: {
    en: ['Spare part', 'Spare parts'],
    de: ['Ersatzteil', 'Ersatzteile'],
    fr: ['Pièce détachée', 'Pièces détachées'],
    pt: ['Peça sobresselente', 'Peças sobresselentes'],
  },
  TiposRango: {
    en: ['Range type', 'Range types'],
    de: ['Sortimentstyp', 'Sortimentstypen'],
    fr: ['Type de gamme', 'Types de gamme'],
    pt: ['Tipo de gama', 'Tipos de gama'],
  },
  ProductosPorRango: {
    en: ['Product per range', 'Products per range'],
    de: ['Produkt pro Sortiment', 'Produkte pro Sortiment'],
    fr: ['Produit par gamme', 'Produits par gamme'],
    pt: ['Produto por gama', 'Produtos por gama'],
  },
  Clubs: {
    en: ['Club', 'Clubs'],
    de: ['Club', 'Clubs'],
    fr: ['Club', 'Clubs'],
    pt: ['Clube', 'Clubes'],
  },
  empresas: {
    en: ['Company', 'Companies'],
    de: ['Unternehmen', 'Unternehmen'],
    fr: ['Entreprise', 'Entreprises'],
    pt: ['Empresa', 'Empresas'],
  },
  EmpresasBC: {
    en: ['BC link', 'Company–BC links'],
    de: ['BC-Verknüpfung', 'Unternehmen–BC-Verknüpfungen'],
    fr: ['Lien BC', 'Liens entreprise–BC'],
    pt: ['Ligação BC', 'Ligações empresa–BC'],
  },
  usuarios: {
    en: ['User', 'Users'],
    de: ['Benutzer', 'Benutzer'],
    fr: ['Utilisateur', 'Utilisateurs'],
    pt: ['Utilizador', 'Utilizadores'],
  },
  roles: {
    en: ['Role', 'Roles'],
    de: ['Rolle', 'Rollen'],
    fr: ['Rôle', 'Rôles'],
    pt: ['Função', 'Funções'],
  },
  permisos: {
    en: ['Permission', 'Permissions'],
    de: ['Berechtigung', 'Berechtigungen'],
    fr: ['Permission', 'Permissions'],
    pt: ['Permissão', 'Permissões'],
  },
  Plantilla: {
    en: ['Integration', 'Integration templates'],
    de: ['Integration', 'Integrationsvorlagen'],
    fr: ['Intégration', "Modèles d'intégration"],
    pt: ['Integração', 'Modelos de integração'],
  },
  Tablas: {
    en: ['Integration table', 'Integration tables'],
    de: ['Integrationstabelle', 'Integrationstabellen'],
    fr: ["Table d'intégration", "Tables d'intégration"],
    pt: ['Tabela de integração', 'Tabelas de integração'],
  },
  logsnavs: {
    en: ['ERP log entry', 'ERP log'],
    de: ['ERP-Protokolleintrag', 'ERP-Protokoll'],
    fr: ['Entrée du journal ERP', 'Journal ERP'],
    pt: ['Registo do ERP', 'Registos do ERP'],
  },
  idiomas: {
    en: ['Language', 'Languages'],
    de: ['Sprache', 'Sprachen'],
    fr: ['Langue', 'Langues'],
    pt: ['Idioma', 'Idiomas'],
  },
  traducciones: {
    en: ['Translation', 'Translations'],
    de: ['Übersetzung', 'Übersetzungen'],
    fr: ['Traduction', 'Traductions'],
    pt: ['Tradução', 'Traduções'],
  },
  parametrosGlobales: {
    en: ['Global settings', 'Global settings'],
    de: ['Globale Parameter', 'Globale Parameter'],
    fr: ['Paramètres globaux', 'Paramètres globaux'],
    pt: ['Parâmetros globais', 'Parâmetros globais'],
  },
};

/** `singular |||| plural` of a resource in a language, or undefined when not translated. */
export const translatedResourceName = (resource: string, language: Language): string | undefined => {
  if (language === 'es') return undefined;
  const pair = RESOURCE_NAMES[resource]?.[language];
  return pair ? `${pair[0]} |||| ${pair[1]}` : undefined;
};
