/**
 * Product creation (docs/requirements.md#r4-states, #r5-validation, #r8-errors): the name, categories, families and flags; saving asks the server for
 * the next id first ('Error obteniendo data de próximo id' and nothing is created when that fails), creates
 * the product, its main image record and an empty general record, says 'Producto creado' and opens the
 * editor. A name that already exists is marked on the field; the form keeps what was typed.
 */
import { useCallback } from 'react';
import {
  Create,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useDataProvider,
  useNotify,
  useRedirect,
} from 'react-admin';
import { inputFor } from '../../resources/generic/inputFor';
import { createDefaults } from '../../resources/generic/fieldSets';
import { fieldErrorsFromServer, serverErrorMessage } from '../../resources/generic/serverErrors';
import { validationToast } from '../../resources/generic/validationMessages';
import { productos } from '../../resources/productos/schema';
import type { CatalogueAttribute } from './attributeSync';
import { MAIN_IMAGE_NAME } from '../../core/productEditor/contract';
import { NextIdError, createProductChain } from './createProduct';
import { JoinedListInput } from './JoinedListInput';
import { Section } from './layout';
import { MESSAGES } from './messages';
import { useProductApi } from './useProductApi';
import { MarketplaceInput } from './MarketplaceInput';
import { ROOT_CODE } from '../../core/categoryTree';

const FLAG_FIELDS = ['finalizado', 'finalizadoSAT', 'enviarAecoc', 'sincronizarConBC', 'ensamblado'];

const field = (name: string) => {
  const found = productos.fields.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`productos.${name}`);
  return found;
};

const CreateToolbar = () => (
  <Toolbar>
    <SaveButton label="Crear producto" />
  </Toolbar>
);

export const ProductCreate = () => {
  const dataProvider = useDataProvider();
  const api = useProductApi();
  const notify = useNotify();
  const redirect = useRedirect();

  const submit = useCallback(
    async (values: Record<string, unknown>) => {
      try {
        const created = await createProductChain(
          {
            getNextId: () => api.getNextId(),
            create: async (resource, data) => (await dataProvider.create(resource, { data })).data,
            mainImageType: async () => {
              const { data } = await dataProvider.getList('multimedias', {
                filter: { clave: MAIN_IMAGE_NAME },
                pagination: { page: 1, perPage: 10 },
                sort: { field: 'clave', order: 'ASC' },
              });
              return data.find((row) => row.clave === MAIN_IMAGE_NAME);
            },
            attributeCatalogue: async () =>
              (
                await dataProvider.getList('atributos', {
                  filter: {},
                  pagination: { page: 1, perPage: 5000 },
                  sort: { field: 'id', order: 'ASC' },
                })
              ).data as unknown as CatalogueAttribute[],
          },
          values,
        );
        notify(MESSAGES.created, { type: 'success', messageArgs: { _: MESSAGES.created } });
        if (created.warning)
          notify(created.warning, { type: 'warning', messageArgs: { _: created.warning } });
        redirect('edit', 'productos', created.product.id as string | number);
        return undefined;
      } catch (error) {
        if (error instanceof NextIdError) {
          notify(MESSAGES.nextIdError, { type: 'error', messageArgs: { _: MESSAGES.nextIdError } });
          return undefined;
        }
        const fields = fieldErrorsFromServer(error, ['nombre']);
        if (fields?.nombre === 'ra.validation.unique') fields.nombre = MESSAGES.duplicateName;
        const message =
          fields?.nombre === MESSAGES.duplicateName
            ? MESSAGES.duplicateName
            : (validationToast(error) ?? serverErrorMessage(error));
        notify(message, { type: 'error', messageArgs: { _: message } });
        return fields;
      }
    },
    [api, dataProvider, notify, redirect],
  );

  return (
    <Create title="Nuevo producto">
      <SimpleForm
        onSubmit={submit}
        defaultValues={createDefaults(productos)}
        toolbar={<CreateToolbar />}
        warnWhenUnsavedChanges
        sx={{ maxWidth: 1100 }}
      >
        <Section title="Producto">
          <TextInput
            source="nombre"
            label="Nombre (SKU)"
            validate={[required(), maxLength(100)]}
            fullWidth
            helperText="Único en el sistema"
          />
          <JoinedListInput
            source="categorias"
            label="Categorías"
            reference="categorias"
            excludeCodes={[ROOT_CODE]}
            maxLength={500}
            helperText="Se añadirán los atributos de la categoría"
          />
          <JoinedListInput source="familias" label="Familias" reference="familias" maxLength={500} />
        </Section>
        <Section title="Estado">
          {FLAG_FIELDS.map((name) => inputFor(field(name)))}
          <MarketplaceInput />
          {inputFor(field('ordenAtributos'))}
        </Section>
      </SimpleForm>
    </Create>
  );
};

export default ProductCreate;
