/** The selected company (docs/requirements.md#r1-product: localStorage `selectedEmpresaId`, default 1). */
export const SELECTED_EMPRESA_KEY = 'selectedEmpresaId';
export const DEFAULT_EMPRESA_ID = 1;
/** Dispatched on window when this tab selects another company. */
export const EMPRESA_CHANGE_EVENT = 'pim:empresa-change';

/** The selected company id; 1 when absent or unreadable (a JSON-quoted id such as '"2"' reads as 2). */
export const getSelectedEmpresaId = (): number => {
  try {
    const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(SELECTED_EMPRESA_KEY);
    const id = stored === null ? NaN : Number(JSON.parse(stored));
    return Number.isInteger(id) && id > 0 ? id : DEFAULT_EMPRESA_ID;
  } catch {
    return DEFAULT_EMPRESA_ID;
  }
};

export const setSelectedEmpresaId = (id: number): void => {
  const previous = getSelectedEmpresaId();
  localStorage.setItem(SELECTED_EMPRESA_KEY, String(id));
  if (previous !== id && typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent<number>(EMPRESA_CHANGE_EVENT, { detail: id }));
  }
};

/** Calls `listener` with the new id whenever this tab selects another company; returns the unsubscribe. */
export const onSelectedEmpresaChange = (listener: (id: number) => void): (() => void) => {
  const handler = (event: Event) => listener((event as CustomEvent<number>).detail);
  window.addEventListener(EMPRESA_CHANGE_EVENT, handler);
  return () => window.removeEventListener(EMPRESA_CHANGE_EVENT, handler);
};
