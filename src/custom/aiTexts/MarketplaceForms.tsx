/**
 * Create/edit screens of marketplaces and marketplace prompts: the generic schema form with the docs/requirements.md#r5-validation and #r8-errors
 * save messages (duplicate code, server message, fallback) and, for prompts, a category picker and the
 * existeMarketPlaceYCategoria check before saving (one prompt per marketplace and category; a match shows
 * docs/requirements.md#r5-validation 'El código de marketplacePrompts ya existe…', as does the server's own 422 ER_DUP_ENTRY).
 * What was typed stays on any error.
 */
import { useCallback } from 'react';
import {
  Create,
  DeleteButton,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useSaveContext,
} from 'react-admin';
import {
  createDefaults,
  fieldErrorsFromServer,
  formFields,
  inputFor,
  withoutReadOnly,
} from '../../resources/generic';
import type { ResourceSchema } from '../../resources/types';
import type { AiDataProvider } from './api';
import { CategoriaInput } from './CategoriaInput';
import { PROMPT_EXISTS_MESSAGE, saveErrorMessage, type DuplicateVariant } from './messages';

interface Props {
  schema: ResourceSchema;
  variant: DuplicateVariant;
  mode: 'create' | 'edit';
}

const usePromptExists = () => {
  const dataProvider = useDataProvider<AiDataProvider>();
  return useCallback(
    async (marketplaceId: number, categoria: string, idExcluir?: number): Promise<boolean> => {
      try {
        return await dataProvider.aiExistePrompt(marketplaceId, categoria, idExcluir);
      } catch (error) {
        // react-admin's provider proxy answers any name: a provider without the custom method throws this.
        if (!/^Unknown dataProvider function/.test((error as Error)?.message ?? '')) throw error;
      }
      // Providers without the custom endpoint (fakerest): the same question through getList.
      const { data } = await dataProvider.getList('MarketPlacePrompts', {
        filter: { marketplaceId },
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'id', order: 'ASC' },
      });
      const key = categoria.trim().toLowerCase();
      return data.some(
        (row) =>
          String(row.categoriaCodigo ?? '')
            .trim()
            .toLowerCase() === key && row.id !== idExcluir,
      );
    },
    [dataProvider],
  );
};

const MarketplaceForm = ({ schema, variant, mode }: Props) => {
  const { save } = useSaveContext();
  const notify = useNotify();
  const record = useRecordContext();
  const promptExists = usePromptExists();
  const onSubmit = useCallback(
    async (values: Record<string, unknown>) => {
      if (!save) return undefined;
      if (variant === 'marketplacePrompts' && values.marketplaceId && values.categoriaCodigo) {
        try {
          const exists = await promptExists(
            Number(values.marketplaceId),
            String(values.categoriaCodigo),
            record?.id === undefined ? undefined : Number(record.id),
          );
          if (exists) {
            notify(PROMPT_EXISTS_MESSAGE, { type: 'error' });
            return { categoriaCodigo: PROMPT_EXISTS_MESSAGE };
          }
        } catch (error) {
          notify(saveErrorMessage(error, variant), { type: 'error' });
          return undefined;
        }
      }
      let fieldErrors: Record<string, string> | undefined;
      const unique = schema.fields
        .filter((field) => field.unique || field.uniqueWith?.length)
        .map((field) => field.name);
      const result = await save(values, {
        onError: (error: unknown) => {
          const message = saveErrorMessage(error, variant);
          fieldErrors = fieldErrorsFromServer(error, unique);
          if (fieldErrors && unique.some((name) => fieldErrors?.[name] === 'ra.validation.unique'))
            for (const name of unique) if (fieldErrors[name]) fieldErrors[name] = message;
          notify(message, { type: 'error' });
        },
      });
      return result ?? fieldErrors;
    },
    [notify, promptExists, record?.id, save, schema, variant],
  );
  return (
    <SimpleForm
      defaultValues={mode === 'create' ? createDefaults(schema) : undefined}
      onSubmit={onSubmit}
      toolbar={
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <SaveButton />
          {mode === 'edit' && <DeleteButton mutationMode="pessimistic" />}
        </Toolbar>
      }
      sx={{ maxWidth: 960 }}
      warnWhenUnsavedChanges
    >
      {formFields(schema, mode).map((field) =>
        variant === 'marketplacePrompts' && field.name === 'categoriaCodigo' ? (
          <CategoriaInput key={field.name} source={field.name} label={field.label} />
        ) : (
          inputFor(field)
        ),
      )}
    </SimpleForm>
  );
};

export const MarketplaceCreate = ({ schema, variant }: Omit<Props, 'mode'>) => (
  <Create redirect="list" transform={(data: Record<string, unknown>) => withoutReadOnly(schema, data)}>
    <MarketplaceForm schema={schema} variant={variant} mode="create" />
  </Create>
);

export const MarketplaceEdit = ({ schema, variant }: Omit<Props, 'mode'>) => (
  <Edit
    mutationMode="pessimistic"
    redirect="list"
    transform={(data: Record<string, unknown>) => withoutReadOnly(schema, data)}
  >
    <MarketplaceForm schema={schema} variant={variant} mode="edit" />
  </Edit>
);

export default MarketplaceCreate;
