export { GenericList } from './GenericList';
export { DEFAULT_PER_PAGE } from './listDefaults';
export { GenericCreate } from './GenericCreate';
export { GenericEdit } from './GenericEdit';
export { GenericShow } from './GenericShow';
export { SchemaForm } from './SchemaForm';
export { ROWS_PER_PAGE_OPTIONS } from './listParts';
export { fieldFor, targetLabel } from './fieldFor';
export { inputFor } from './inputFor';
export { filterFor, filtersFor } from './filtersFor';
export {
  listColumns,
  formFields,
  showFields,
  createDefaults,
  withoutReadOnly,
  representationField,
  DEFAULT_LIST_COLUMNS,
} from './fieldSets';
export { validatorsFor, integer } from './validation';
export { fieldErrorsFromServer, serverErrorMessage } from './serverErrors';
export { iconFor, ICONS } from './icons';
export { SN_CHOICES, snFilterChoices } from './choices';
export { useLastSelected, useRefreshFlag, lastSelectedKey } from './listMemory';
export { normalizeForSave, lenientError, formatLenient } from './lenient';
export type { SaveGuard, SaveCheck, SaveCheckResult, UseSaveGuard } from './saveGuard';
export type { SavedNotice, UseSavedNotice } from './savedNotice';
export type { GenericCreateProps } from './GenericCreate';
export type { GenericEditProps } from './GenericEdit';
export { ChildLists } from './ChildLists';
export { SuggestInput, useSuggestions, type SuggestionsProvider } from './SuggestInput';
export { withSchemaMessages } from './extraMessages';
