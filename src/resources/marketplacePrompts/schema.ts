import { CAMPO_SUFFIXES } from '../../core/aiTexts/fields';
import { contains, defineResource, id, ref, refFilter, str, text } from '../fields';

export const marketplacePrompts = defineResource({
  name: 'MarketPlacePrompts',
  model: 'MarketplacePrompt',
  label: 'Prompt de marketplace',
  labelPlural: 'Prompts de marketplaces',
  names: {
    en: ['Marketplace prompt', 'Marketplace prompts'],
    de: ['Marktplatz-Prompt', 'Marktplatz-Prompts'],
    fr: ['Prompt de place de marché', 'Prompts de places de marché'],
    pt: ['Prompt de marketplace', 'Prompts de marketplaces'],
  },
  fields: [
    id(),
    ref('marketplaceId', 'Marketplace', 'MarketPlaces', { required: true, referenceLabel: 'codigo' }),
    // The category's codigo (picked from the company's categories in the form). One prompt per marketplace and
    // category: a second one answers 422 ER_DUP_ENTRY "for key 'categoriaCodigo'".
    str('categoriaCodigo', 'Categoría', {
      required: true,
      maxLength: 50,
      uniqueWith: ['marketplaceId'],
    }),
    ...CAMPO_SUFFIXES.flatMap((n) => [
      str(`campo${n}`, `Campo ${n.toLowerCase()}`, { maxLength: 100, inList: n === 'Uno' }),
      text(`promptCampo${n}`, `Prompt del campo ${n.toLowerCase()}`, { inList: false }),
    ]),
  ],
  sort: { field: 'marketplaceId', order: 'ASC' },
  filters: [
    refFilter('marketplaceId', 'Marketplace', 'MarketPlaces', { alwaysOn: true }),
    contains('categoriaCodigo', 'Categoría', { alwaysOn: true }),
    ...CAMPO_SUFFIXES.map((n) => contains(`campo${n}`, `Campo ${n.toLowerCase()}`)),
  ],
  menu: { group: 'marketplaces', icon: 'Psychology' },
  messages: {
    created: 'MarketplacePrompts creado',
    updated: 'MarketplacePrompts actualizado',
    deleted: 'MarketplacePrompts eliminado',
  },
});
