/**
 * The views as SQL, one SELECT each over the base tables, with every identifier escaped by the connector (the
 * same text runs on MySQL/MariaDB and PostgreSQL). Output columns are named as the view model's columns
 * (`out`), so the connector's where/order/paging builders and row mapping work on the derived table.
 * They give the rows the memory computation in views.ts gives:
 * - the first producto-generals row (lowest id) of each product supplies titulo/marca;
 * - B2B: products with activoEnMarketplace 'S'; categoriaPadre is the `padre` of the category (by codigo or
 *   nombre, the product's company first) named first in the product's categorias list;
 * - prompts: the marketplace's codigo and the name of the first category with the prompt's codigo.
 */
type Names = { t: string; c: (property: string) => string; q: (alias: string, property: string) => string };

export interface ViewSqlContext {
  /** Escaped names of a base resource's model, by resource name. */
  names(resource: string): Names;
  /** The escaped column of a view property. */
  out(property: string): string;
}

type ViewSql = (context: ViewSqlContext) => string;

/**
 * The products as `p` (every column, plus the id of each one's first general record, an index lookup on
 * productoId) with that record joined as `g` by primary key. (A join condition holding the correlated
 * subquery itself would be evaluated against every general record on PostgreSQL.)
 */
function withFirstGeneral({ names }: ViewSqlContext): string {
  const p = names('productos');
  const g = names('producto-generals');
  const first = `(SELECT MIN(${g.q('g2', 'id')}) FROM ${g.t} g2 WHERE ${g.q('g2', 'productoId')} = ${p.q('p0', 'id')})`;
  return (
    `(SELECT p0.*, ${first} AS first_general FROM ${p.t} p0) p ` +
    `LEFT JOIN ${g.t} g ON ${g.q('g', 'id')} = p.first_general`
  );
}

/** `expr` starts with `value` followed by one of the list separators, or equals it. */
function firstInList(expr: string, value: string): string {
  const starts = [',', ';', '|'].map((sep) => `${expr} LIKE CONCAT(${value}, '${sep}%')`);
  return `(${expr} = ${value} OR ${starts.join(' OR ')})`;
}

export const VIEW_SQL: Record<string, ViewSql> = {
  'vista-muestra-fotos-optimizadas': (context) => {
    const { names, out } = context;
    const p = names('productos');
    const g = names('producto-generals');
    return (
      `SELECT ${p.q('p', 'id')} AS ${out('id')}, ${p.q('p', 'empresaId')} AS ${out('empresaId')}, ` +
      `${p.q('p', 'nombre')} AS ${out('nombre')}, ${g.q('g', 'titulo')} AS ${out('titulo')}, ` +
      `${p.q('p', 'imagen')} AS ${out('imagen')}, ${p.q('p', 'categorias')} AS ${out('categorias')} ` +
      `FROM ${withFirstGeneral(context)}`
    );
  },

  B2bProductos: (context) => {
    const { names, out } = context;
    const p = names('productos');
    const g = names('producto-generals');
    const c = names('categorias');
    const list = `LTRIM(${p.q('p', 'categorias')})`;
    const parent =
      `(SELECT ${c.q('c', 'padre')} FROM ${c.t} c ` +
      `WHERE ${firstInList(list, c.q('c', 'codigo'))} OR ${firstInList(list, c.q('c', 'nombre'))} ` +
      `ORDER BY CASE WHEN ${c.q('c', 'empresaId')} = ${p.q('p', 'empresaId')} THEN 0 ELSE 1 END, ${c.q('c', 'id')} ` +
      `LIMIT 1)`;
    return (
      `SELECT ${p.q('p', 'id')} AS ${out('id')}, ${p.q('p', 'empresaId')} AS ${out('empresaId')}, ` +
      `${p.q('p', 'nombre')} AS ${out('nombre')}, ${g.q('g', 'titulo')} AS ${out('titulo')}, ` +
      `${g.q('g', 'marca')} AS ${out('marca')}, ${p.q('p', 'categorias')} AS ${out('categorias')}, ` +
      `${parent} AS ${out('categoriaPadre')}, ${p.q('p', 'imagen')} AS ${out('imagen')} ` +
      `FROM ${withFirstGeneral(context)} WHERE ${p.q('p', 'activoEnMarketplace')} = 'S'`
    );
  },

  VistaMarketPlacePrompts: ({ names, out }) => {
    const pr = names('MarketPlacePrompts');
    const m = names('MarketPlaces');
    const c = names('categorias');
    const categoria =
      `(SELECT ${c.q('c', 'nombre')} FROM ${c.t} c WHERE ${c.q('c', 'codigo')} = ${pr.q('pr', 'categoriaCodigo')} ` +
      `ORDER BY ${c.q('c', 'id')} LIMIT 1)`;
    return (
      `SELECT ${pr.q('pr', 'id')} AS ${out('id')}, ${pr.q('pr', 'marketplaceId')} AS ${out('marketplaceId')}, ` +
      `${m.q('m', 'codigo')} AS ${out('marketplaceCodigo')}, ` +
      `${pr.q('pr', 'categoriaCodigo')} AS ${out('categoriaCodigo')}, ${categoria} AS ${out('categoriaNombre')}, ` +
      `${pr.q('pr', 'campoUno')} AS ${out('campoUno')} ` +
      `FROM ${pr.t} pr LEFT JOIN ${m.t} m ON ${m.q('m', 'id')} = ${pr.q('pr', 'marketplaceId')}`
    );
  },
};
