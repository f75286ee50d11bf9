/**
 * The application's own messages (menu groups, app bar, session, access screens, validation) in every supported
 * language. Typed: a key missing in one language fails tsc. Spanish literals required by the spec (session
 * notice) come from the modules that own them.
 */
import { NOT_ADMIN_MESSAGE } from '../authProvider/authProvider';
import { INACTIVITY_TEXT, INACTIVITY_TITLE } from '../core/inactivity';
import type { MenuGroup } from '../resources/types';
import type { Language } from './language';

export interface PimMessages {
  pim: {
    app: { title: string; footer: string };
    menu: Record<MenuGroup, string>;
    company: { label: string; other_company: string; load_error: string };
    language: { label: string };
    session: {
      inactivity_title: string;
      inactivity_text: string;
      closed_elsewhere: string;
      idle_warning_title: string;
      idle_warning_text: string;
      stay_signed_in: string;
      not_admin: string;
    };
    access: {
      matrix_title: string;
      module: string;
      all_modules: string;
      action: string;
      field: string;
      description: string;
      enforced: string;
      save: string;
      save_role: string;
      saved_role: string;
      discard: string;
      pending: string;
      assigned: string;
      empty: string;
      no_roles: string;
      load_error: string;
      retry: string;
      denied: string;
      roles: string;
      roles_help: string;
      no_roles_assigned: string;
      permisos: string;
      permisos_help: string;
      save_error: string;
    };
    validation: { integer: string; invalid: string };
    /** A list whose rows could not be read (generic/ListLoadError.tsx). */
    list: { load_error: string; retry: string };
    /** deletedMany: the plural of `deleted` for bulk deletes (%{smart_count} rows). */
    notification: { created: string; updated: string; deleted: string; deletedMany: string };
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
    company: {
      label: 'Empresa',
      load_error: 'Empresas no disponibles: reintentar',
      other_company:
        'El registro pertenece a otra empresa: se ha vuelto al listado de la empresa seleccionada.',
    },
    language: { label: 'Idioma' },
    session: {
      inactivity_title: INACTIVITY_TITLE,
      inactivity_text: INACTIVITY_TEXT,
      closed_elsewhere: 'La sesión se ha cerrado en otra pestaña.',
      idle_warning_title: 'Sin actividad',
      idle_warning_text:
        'La sesión se cerrará por inactividad en %{smart_count} segundo. |||| La sesión se cerrará por inactividad en %{smart_count} segundos.',
      stay_signed_in: 'Seguir conectado',
      not_admin: NOT_ADMIN_MESSAGE,
    },
    access: {
      matrix_title: 'Matriz de permisos',
      module: 'Módulo',
      all_modules: 'Todos los módulos',
      action: 'Acción',
      field: 'Campo',
      description: 'Descripción',
      enforced: 'Qué permite en la API',
      save: 'Guardar',
      save_role: 'Guardar los permisos de %{rol}',
      saved_role: 'Permisos del rol %{rol} guardados',
      discard: 'Descartar cambios',
      pending: 'Hay 1 rol con cambios sin guardar |||| Hay %{smart_count} roles con cambios sin guardar',
      assigned: '%{count} permisos',
      empty: 'No hay permisos para este filtro.',
      no_roles: 'No hay roles definidos.',
      load_error: 'No se pudo cargar la matriz de permisos.',
      retry: 'Reintentar',
      denied: 'No tiene permiso para gestionar los permisos de los roles.',
      roles: 'Roles',
      roles_help: 'Los roles se guardan junto con el usuario.',
      no_roles_assigned: 'Sin roles',
      permisos: 'Permisos del rol',
      permisos_help: 'Marque los permisos que concede este rol; se guardan junto con el rol.',
      save_error: 'No se pudo guardar: %{message}',
    },
    validation: { integer: 'Debe ser un número entero', invalid: 'Valor no válido' },
    list: { load_error: 'No se pudo cargar la lista: %{message}', retry: 'Reintentar' },
    notification: {
      created: 'Registro creado correctamente!!',
      updated: 'Registro actualizado correctamente!!',
      deleted: 'Registro eliminado correctamente!!',
      deletedMany: '%{smart_count} registros eliminados correctamente!!',
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
    company: {
      label: 'Company',
      load_error: 'Companies unavailable: retry',
      other_company: 'The record belongs to another company: back to the list of the selected company.',
    },
    language: { label: 'Language' },
    session: {
      inactivity_title: 'Session closed for inactivity',
      inactivity_text: 'Your session has expired. Please sign in again.',
      closed_elsewhere: 'The session was closed in another tab.',
      idle_warning_title: 'No activity',
      idle_warning_text:
        'The session will close for inactivity in %{smart_count} second. |||| The session will close for inactivity in %{smart_count} seconds.',
      stay_signed_in: 'Stay signed in',
      not_admin: 'Access denied: only users with the administrator role can enter the PIM.',
    },
    access: {
      matrix_title: 'Permission matrix',
      module: 'Module',
      all_modules: 'All modules',
      action: 'Action',
      field: 'Field',
      description: 'Description',
      enforced: 'What it allows in the API',
      save: 'Save',
      save_role: 'Save the permissions of %{rol}',
      saved_role: 'Permissions of role %{rol} saved',
      discard: 'Discard changes',
      pending: '1 role has unsaved changes |||| %{smart_count} roles have unsaved changes',
      assigned: '%{count} permissions',
      empty: 'No permissions match this filter.',
      no_roles: 'No roles defined.',
      load_error: 'The permission matrix could not be loaded.',
      retry: 'Retry',
      denied: 'You are not allowed to manage role permissions.',
      roles: 'Roles',
      roles_help: 'Roles are saved with the user.',
      no_roles_assigned: 'No roles',
      permisos: 'Role permissions',
      permisos_help: 'Tick the permissions this role grants; they are saved with the role.',
      save_error: 'Could not save: %{message}',
    },
    validation: { integer: 'Must be a whole number', invalid: 'Invalid value' },
    list: { load_error: 'The list could not be loaded: %{message}', retry: 'Retry' },
    notification: {
      created: 'Record created',
      updated: 'Record updated',
      deleted: 'Record deleted',
      deletedMany: '%{smart_count} records deleted',
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
    company: {
      label: 'Unternehmen',
      load_error: 'Firmen nicht verfügbar: erneut versuchen',
      other_company:
        'Der Datensatz gehört zu einem anderen Unternehmen: zurück zur Liste des gewählten Unternehmens.',
    },
    language: { label: 'Sprache' },
    session: {
      inactivity_title: 'Sitzung wegen Inaktivität beendet',
      inactivity_text: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
      closed_elsewhere: 'Die Sitzung wurde in einem anderen Tab beendet.',
      idle_warning_title: 'Keine Aktivität',
      idle_warning_text:
        'Die Sitzung wird wegen Inaktivität in %{smart_count} Sekunde beendet. |||| Die Sitzung wird wegen Inaktivität in %{smart_count} Sekunden beendet.',
      stay_signed_in: 'Angemeldet bleiben',
      not_admin: 'Zugriff verweigert: Nur Benutzer mit der Administratorrolle können das PIM öffnen.',
    },
    access: {
      matrix_title: 'Berechtigungsmatrix',
      module: 'Modul',
      all_modules: 'Alle Module',
      action: 'Aktion',
      field: 'Feld',
      description: 'Beschreibung',
      enforced: 'Erlaubt in der API',
      save: 'Speichern',
      save_role: 'Berechtigungen von %{rol} speichern',
      saved_role: 'Berechtigungen der Rolle %{rol} gespeichert',
      discard: 'Änderungen verwerfen',
      pending:
        '1 Rolle hat ungespeicherte Änderungen |||| %{smart_count} Rollen haben ungespeicherte Änderungen',
      assigned: '%{count} Berechtigungen',
      empty: 'Keine Berechtigungen für diesen Filter.',
      no_roles: 'Keine Rollen definiert.',
      load_error: 'Die Berechtigungsmatrix konnte nicht geladen werden.',
      retry: 'Erneut versuchen',
      denied: 'Sie dürfen die Berechtigungen der Rollen nicht verwalten.',
      roles: 'Rollen',
      roles_help: 'Die Rollen werden mit dem Benutzer gespeichert.',
      no_roles_assigned: 'Keine Rollen',
      permisos: 'Berechtigungen der Rolle',
      permisos_help: 'Markieren Sie die Berechtigungen dieser Rolle; sie werden mit der Rolle gespeichert.',
      save_error: 'Speichern fehlgeschlagen: %{message}',
    },
    validation: { integer: 'Muss eine ganze Zahl sein', invalid: 'Ungültiger Wert' },
    list: { load_error: 'Die Liste konnte nicht geladen werden: %{message}', retry: 'Erneut versuchen' },
    notification: {
      created: 'Datensatz erstellt',
      updated: 'Datensatz aktualisiert',
      deleted: 'Datensatz gelöscht',
      deletedMany: '%{smart_count} Datensätze gelöscht',
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
    company: {
      label: 'Entreprise',
      load_error: 'Sociétés indisponibles : réessayer',
      other_company:
        "L'enregistrement appartient à une autre entreprise : retour à la liste de l'entreprise sélectionnée.",
    },
    language: { label: 'Langue' },
    session: {
      inactivity_title: 'Session fermée pour inactivité',
      inactivity_text: 'Votre session a expiré. Veuillez vous reconnecter.',
      closed_elsewhere: 'La session a été fermée dans un autre onglet.',
      idle_warning_title: 'Aucune activité',
      idle_warning_text:
        'La session sera fermée pour inactivité dans %{smart_count} seconde. |||| La session sera fermée pour inactivité dans %{smart_count} secondes.',
      stay_signed_in: 'Rester connecté',
      not_admin:
        "Accès refusé : seuls les utilisateurs ayant le rôle d'administrateur peuvent entrer dans le PIM.",
    },
    access: {
      matrix_title: 'Matrice des permissions',
      module: 'Module',
      all_modules: 'Tous les modules',
      action: 'Action',
      field: 'Champ',
      description: 'Description',
      enforced: 'Ce qu’il permet dans l’API',
      save: 'Enregistrer',
      save_role: 'Enregistrer les permissions de %{rol}',
      saved_role: 'Permissions du rôle %{rol} enregistrées',
      discard: 'Annuler les modifications',
      pending:
        '1 rôle a des modifications non enregistrées |||| %{smart_count} rôles ont des modifications non enregistrées',
      assigned: '%{count} permissions',
      empty: 'Aucune permission pour ce filtre.',
      no_roles: 'Aucun rôle défini.',
      load_error: "La matrice des permissions n'a pas pu être chargée.",
      retry: 'Réessayer',
      denied: "Vous n'êtes pas autorisé à gérer les permissions des rôles.",
      roles: 'Rôles',
      roles_help: "Les rôles sont enregistrés avec l'utilisateur.",
      no_roles_assigned: 'Aucun rôle',
      permisos: 'Permissions du rôle',
      permisos_help: 'Cochez les permissions accordées par ce rôle ; elles sont enregistrées avec le rôle.',
      save_error: "Impossible d'enregistrer : %{message}",
    },
    validation: { integer: 'Doit être un nombre entier', invalid: 'Valeur non valide' },
    list: { load_error: 'Impossible de charger la liste : %{message}', retry: 'Réessayer' },
    notification: {
      created: 'Enregistrement créé',
      updated: 'Enregistrement mis à jour',
      deleted: 'Enregistrement supprimé',
      deletedMany: '%{smart_count} enregistrements supprimés',
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
    company: {
      label: 'Empresa',
      load_error: 'Empresas indisponíveis: tentar novamente',
      other_company: 'O registo pertence a outra empresa: voltou-se à lista da empresa selecionada.',
    },
    language: { label: 'Idioma' },
    session: {
      inactivity_title: 'Sessão terminada por inatividade',
      inactivity_text: 'A sua sessão expirou. Por favor, inicie sessão novamente.',
      closed_elsewhere: 'A sessão foi terminada noutro separador.',
      idle_warning_title: 'Sem atividade',
      idle_warning_text:
        'A sessão será terminada por inatividade dentro de %{smart_count} segundo. |||| A sessão será terminada por inatividade dentro de %{smart_count} segundos.',
      stay_signed_in: 'Manter sessão iniciada',
      not_admin: 'Acesso negado: apenas os utilizadores com a função de administrador podem entrar no PIM.',
    },
    access: {
      matrix_title: 'Matriz de permissões',
      module: 'Módulo',
      all_modules: 'Todos os módulos',
      action: 'Ação',
      field: 'Campo',
      description: 'Descrição',
      enforced: 'O que permite na API',
      save: 'Guardar',
      save_role: 'Guardar as permissões de %{rol}',
      saved_role: 'Permissões da função %{rol} guardadas',
      discard: 'Descartar alterações',
      pending: '1 função tem alterações por guardar |||| %{smart_count} funções têm alterações por guardar',
      assigned: '%{count} permissões',
      empty: 'Não há permissões para este filtro.',
      no_roles: 'Não há funções definidas.',
      load_error: 'Não foi possível carregar a matriz de permissões.',
      retry: 'Tentar novamente',
      denied: 'Não tem permissão para gerir as permissões das funções.',
      roles: 'Funções',
      roles_help: 'As funções são guardadas com o utilizador.',
      no_roles_assigned: 'Sem funções',
      permisos: 'Permissões da função',
      permisos_help: 'Marque as permissões concedidas por esta função; são guardadas com a função.',
      save_error: 'Não foi possível guardar: %{message}',
    },
    validation: { integer: 'Deve ser um número inteiro', invalid: 'Valor inválido' },
    list: { load_error: 'Não foi possível carregar a lista: %{message}', retry: 'Tentar novamente' },
    notification: {
      created: 'Registo criado',
      updated: 'Registo atualizado',
      deleted: 'Registo eliminado',
      deletedMany: '%{smart_count} registos eliminados',
    },
  },
};

export const appMessages: Readonly<Record<Language, PimMessages>> = { es, en, de, fr, pt };
