/** The selected company (spec §1: localStorage `selectedEmpresaId`, default 1). */
export const SELECTED_EMPRESA_KEY = 'selectedEmpresaId';
export const DEFAULT_EMPRESA_ID = 1;

export const getSelectedEmpresaId = (): number => {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(SELECTED_EMPRESA_KEY);
  const id = stored === null ? NaN : Number(stored);
  return Number.isInteger(id) && id > 0 ? id : DEFAULT_EMPRESA_ID;
};

export const setSelectedEmpresaId = (id: number): void => {
  localStorage.setItem(SELECTED_EMPRESA_KEY, String(id));
};
