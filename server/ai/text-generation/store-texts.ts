/** Writing generated texts: one per product, prompt, campo and idioma; reviewed ones kept unless overwritten. */
import type { TextScope } from './scope';
import { DEFAULT_LANGUAGE, isoNow, num, TEXTS, textKey } from './shared';
import type { PlainRow } from '../../repository-set';

/** Upserts generated texts by (product, prompt, campo, idioma); reviewed ones are kept unless `overwrite`. */
export async function storeTexts(
  scope: TextScope,
  texts: readonly PlainRow[],
  marketplaceId: number,
  overwrite: boolean,
): Promise<{ written: number; kept: number }> {
  if (!texts.length) return { written: 0, kept: 0 };
  const existing = await scope.repo(TEXTS).find({
    where: {
      productoId: { inq: [...new Set(texts.map((t) => num(t.productoId)))] },
      marketplacePromptId: { inq: [...new Set(texts.map((t) => num(t.marketplacePromptId)))] },
    },
  });
  const byKey = new Map(existing.map((row) => [textKey(row), row]));
  let written = 0;
  let kept = 0;
  const now = isoNow();
  for (const text of texts) {
    const found = byKey.get(textKey(text));
    if (found && found.revisado_sn === 'S' && !overwrite) {
      kept += 1;
      continue;
    }
    if (found)
      await scope.repo(TEXTS).updateById(found.id, {
        texto: text.texto,
        revisado_sn: 'N',
        fechaGeneracion: now,
      });
    else
      await scope.repo(TEXTS).create({
        productoId: text.productoId,
        marketplacePromptId: text.marketplacePromptId,
        marketplaceId,
        idioma: text.idioma ?? DEFAULT_LANGUAGE,
        campo: text.campo,
        texto: text.texto,
        revisado_sn: 'N',
        fechaGeneracion: now,
      });
    written += 1;
  }
  return { written, kept };
}
