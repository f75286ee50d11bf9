/** The application's own messages (menu groups, app bar, validation) in every supported language. */
import type { MenuGroup } from '../resources/types';
import type { Language } from './language';

export interface PimMessages {
  pim: {
    app: { title: string; footer: string };
    menu: Record<MenuGroup, string>;
    company: { label: string };
    language: { label: string };
    validation: { integer: string; invalid: string };
    notification: { created: string; updated: string; deleted: string };
  };
}

const es: PimMessages = {
  pim: {
    app: { title: 'PIM', footer: 'Gestión de información de producto' },
    menu: {
      catalogo: 'Catálogo',
      productos: 'Productos',
      marketplaces: 'Marketplaces',
      relaciones: 'Relaciones',
      empresas: 'Empresas',
      usuarios: 'Usuarios',
      integraciones: 'Integraciones',
      configuracion: 'Configuración',
    },
    company: { label: 'Empresa' },
    language: { label: 'Idioma' },
    validation: { integer: 'Debe ser un número entero', invalid: 'Valor no válido' },
    notification: {
      created: 'Registro creado correctamente!!',
      updated: 'Registro actualizado correctamente!!',
      deleted: 'Registro eliminado correctamente!!',
    },
  },
};

const en: PimMessages = {
  pim: {
    app: { title: 'PIM', footer: 'Product information management' },
    menu: {
      catalogo: 'Catalogue',
      productos: 'Products',
      marketplaces: 'Marketplaces',
      relaciones: 'Relations',
      empresas: 'Companies',
      usuarios: 'Users',
      integraciones: 'Integrations',
      configuracion: 'Settings',
    },
    company: { label: 'Company' },
    language: { label: 'Language' },
    validation: { integer: 'Must be a whole number', invalid: 'Invalid value' },
    notification: {
      created: 'Record created',
      updated: 'Record updated',
      deleted: 'Record deleted',
    },
  },
};

const de: PimMessages = {
  pim: {
    app: { title: 'PIM', footer: 'Produktinformationsmanagement' },
    menu: {
      catalogo: 'Katalog',
      productos: 'Produkte',
      marketplaces: 'Marktplätze',
      relaciones: 'Beziehungen',
      empresas: 'Unternehmen',
      usuarios: 'Benutzer',
      integraciones: 'Integrationen',
      configuracion: 'Einstellungen',
    },
    company: { label: 'Unternehmen' },
    language: { label: 'Sprache' },
    validation: { integer: 'Muss eine ganze Zahl sein', invalid: 'Ungültiger Wert' },
    notification: {
      created: 'Datensatz erstellt',
      updated: 'Datensatz aktualisiert',
      deleted: 'Datensatz gelöscht',
    },
  },
};

const fr: PimMessages = {
  pim: {
    app: { title: 'PIM', footer: 'Gestion des informations produit' },
    menu: {
      catalogo: 'Catalogue',
      productos: 'Produits',
      marketplaces: 'Places de marché',
      relaciones: 'Relations',
      empresas: 'Entreprises',
      usuarios: 'Utilisateurs',
      integraciones: 'Intégrations',
      configuracion: 'Configuration',
    },
    company: { label: 'Entreprise' },
    language: { label: 'Langue' },
    validation: { integer: 'Doit être un nombre entier', invalid: 'Valeur non valide' },
    notification: {
      created: 'Enregistrement créé',
      updated: 'Enregistrement mis à jour',
      deleted: 'Enregistrement supprimé',
    },
  },
};

const pt: PimMessages = {
  pim: {
    app: { title: 'PIM', footer: 'Gestão de informação de produto' },
    menu: {
      catalogo: 'Catálogo',
      productos: 'Produtos',
      marketplaces: 'Marketplaces',
      relaciones: 'Relações',
      empresas: 'Empresas',
      usuarios: 'Utilizadores',
      integraciones: 'Integrações',
      configuracion: 'Configuração',
    },
    company: { label: 'Empresa' },
    language: { label: 'Idioma' },
    validation: { integer: 'Deve ser um número inteiro', invalid: 'Valor inválido' },
    notification: {
      created: 'Registo criado',
      updated: 'Registo atualizado',
      deleted: 'Registo eliminado',
    },
  },
};

export const appMessages: Readonly<Record<Language, PimMessages>> = { es, en, de, fr, pt };
