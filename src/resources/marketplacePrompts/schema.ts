import { contains, defineResource, id, ref, refFilter, str, text } from '../fields';

const campos = ['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco'] as const;

export const marketplacePrompts = defineResource({
  name: 'MarketPlacePrompts',
  model: 'MarketplacePrompt',
  label: 'Prompt de marketplace',
  labelPlural: 'Prompts de marketplaces',
  fields: [
    id(),
    ref('marketplaceId', 'Marketplace', 'MarketPlaces', { required: true, referenceLabel: 'codigo' }),
    str('categoriaCodigo', 'Categoría (código)', { required: true, maxLength: 50 }),
    ...campos.flatMap((n) => [
      str(`campo${n}`, `Campo ${n.toLowerCase()}`, { maxLength: 100, inList: n === 'Uno' }),
      text(`promptCampo${n}`, `Prompt del campo ${n.toLowerCase()}`, { inList: false }),
    ]),
  ],
  sort: { field: 'marketplaceId', order: 'ASC' },
  filters: [
    refFilter('marketplaceId', 'Marketplace', 'MarketPlaces', { alwaysOn: true }),
    contains('categoriaCodigo', 'Categoría', { alwaysOn: true }),
    ...campos.map((n) => contains(`campo${n}`, `Campo ${n.toLowerCase()}`)),
  ],
  menu: { group: 'marketplaces', icon: 'Psychology' },
  messages: {
    created: 'MarketplacePrompts creado',
    updated: 'MarketplacePrompts actualizado',
    deleted: 'MarketplacePrompts eliminado',
  },
});
