/**
 * Pictures for the demo catalogue: the seed names an image file per product (and some ambience pictures), but
 * there is nothing to upload them from. At start, before the API answers, every picture record of the demo
 * catalogue whose file is missing gets one rendered with sharp — a card in the product's own colour with its
 * brand, title and SKU — stored where uploads go (UPLOADS_DIR/multimedia/{SKU}/…), so every thumbnail loads.
 *
 * Only for the demo catalogue (its admin account exists) and only files that are missing: real uploads are never
 * touched, and a later start renders nothing. DEMO_IMAGES=0 turns it off, DEMO_IMAGES=1 renders for any data.
 */
import { existsSync, promises as fs } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { beforeServing, FeatureBindings, type Feature } from '../feature';
import { loadSharp } from '../on-demand-libraries';
import type { Row } from '../repositories';
import type { RepositorySet } from '../repository-set';
import { DEMO_ADMIN } from '../seed/index';

export interface DemoCard {
  sku: string;
  titulo: string;
  marca: string;
}

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** A stable hue per SKU, so a product keeps its colour from one start to the next. */
const hueOf = (sku: string): number => {
  let hash = 0;
  for (const c of sku) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return hash % 360;
};

/** The title in lines of at most `width` characters (three lines at most, the last one cut with «…»). */
const wrap = (text: string, width: number, maxLines = 3): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  return [...lines.slice(0, maxLines - 1), `${lines[maxLines - 1].slice(0, width - 1)}…`];
};

/** The card as SVG, 800×600. */
export function demoCardSvg(card: DemoCard): string {
  const hue = hueOf(card.sku);
  const title = wrap(card.titulo, 26)
    .map((line, i) => `<text x="60" y="${300 + i * 58}" class="t">${escapeXml(line)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
<style>.b{font:700 44px 'DejaVu Sans',sans-serif;fill:#fff}.t{font:400 46px 'DejaVu Sans',sans-serif;fill:#fff}.s{font:400 30px 'DejaVu Sans Mono',monospace;fill:hsl(${hue},40%,90%)}</style>
<rect width="800" height="600" fill="hsl(${hue},45%,38%)"/>
<rect x="0" y="470" width="800" height="130" fill="hsl(${hue},45%,28%)"/>
<circle cx="690" cy="120" r="70" fill="hsl(${(hue + 40) % 360},55%,55%)"/>
<text x="60" y="150" class="b">${escapeXml(card.marca.toUpperCase())}</text>
${title}
<text x="60" y="548" class="s">${escapeXml(card.sku)}</text>
</svg>`;
}

/** The card rendered to the format the file name asks for (.jpg/.jpeg → JPEG, anything else PNG). */
export async function renderDemoCard(card: DemoCard, fileName: string): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(Buffer.from(demoCardSvg(card)));
  return /\.jpe?g$/i.test(fileName)
    ? image.jpeg({ quality: 80 }).toBuffer()
    : image.png({ compressionLevel: 6 }).toBuffer();
}

const isPicture = (fichero: string): boolean => /\.(png|jpe?g)$/i.test(fichero);

/** Picture records read at a time (with the products and general records they name). */
const PAGE = 500;

/** The cards still to render for one page of picture records. */
async function missingOf(
  repos: RepositorySet,
  media: Row[],
  root: string,
  seen: Set<string>,
): Promise<{ file: string; card: DemoCard }[]> {
  const ids = [...new Set(media.map((m) => Number(m.productoId)))];
  const productos = await repos
    .repository('productos')
    .find({ where: { id: { inq: ids } }, fields: { id: true, nombre: true } });
  const names = new Map(productos.map((p) => [Number(p.id), String(p.nombre ?? '')]));
  const generals = await repos.repository('producto-generals').find({
    where: { productoId: { inq: ids } },
    order: ['id DESC'],
    fields: { productoId: true, titulo: true, marca: true },
  });
  // The first general record of each product (the lowest id: read last).
  const general = new Map(generals.map((g) => [Number(g.productoId), g]));
  const jobs: { file: string; card: DemoCard }[] = [];
  for (const m of media) {
    const sku = names.get(Number(m.productoId));
    const fichero = typeof m.fichero === 'string' ? m.fichero.replace(/^\/+/, '') : '';
    if (!sku || !isPicture(fichero) || !fichero.startsWith(`multimedia/${sku}/`)) continue;
    const file = path.resolve(root, fichero);
    if (!file.startsWith(`${root}${path.sep}`) || seen.has(file) || existsSync(file)) continue;
    seen.add(file);
    const g = general.get(Number(m.productoId));
    jobs.push({
      file,
      card: { sku, titulo: String(g?.titulo ?? sku), marca: String(g?.marca ?? '') },
    });
  }
  return jobs;
}

/**
 * Renders the missing picture files of products into `uploadsDir`. Only records whose file lies in their own
 * product's folder (multimedia/{nombre}/…) are rendered. The picture records are read in pages (by id), each
 * with only the products and general records it names, so a large catalogue is never held whole. Returns how
 * many files were written.
 */
export async function renderMissingDemoImages(repos: RepositorySet, uploadsDir: string): Promise<number> {
  const root = path.resolve(uploadsDir);
  const seen = new Set<string>();
  const workers = Math.max(1, Math.min(4, availableParallelism()));
  let written = 0;
  for (let after = 0; ;) {
    const media = await repos.repository('producto-multimedias').find({
      where: { and: [{ tipo: 'Imagen' }, { id: { gt: after } }] },
      order: ['id ASC'],
      limit: PAGE,
      fields: { id: true, productoId: true, fichero: true },
    });
    if (!media.length) break;
    after = Number(media[media.length - 1].id);
    const jobs = await missingOf(repos, media, root, seen);
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const { file, card } = jobs[next++];
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, await renderDemoCard(card, file));
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
    written += jobs.length;
    if (media.length < PAGE) break;
  }
  return written;
}

/** Whether this store holds the demo catalogue (or DEMO_IMAGES asks for rendering either way). */
async function wanted(repos: RepositorySet): Promise<boolean> {
  const setting = process.env.DEMO_IMAGES?.trim();
  if (setting === '0') return false;
  if (setting === '1') return true;
  const { count } = await repos.repository('usuarios').count({ mail: DEMO_ADMIN.email });
  return count > 0;
}

export const feature: Feature = {
  name: 'demo-images',
  register: ({ app, repositories }) => {
    const uploadsDir = app.getSync(FeatureBindings.UPLOADS_DIR);
    // The files exist once the API answers (a thumbnail asked for meanwhile would be a 404).
    beforeServing(app, async () => {
      if (!(await wanted(repositories))) return;
      const started = Date.now();
      const written = await renderMissingDemoImages(repositories, uploadsDir);
      if (written > 0)
        console.log(`Demo pictures: ${written} rendered into ${uploadsDir} in ${Date.now() - started} ms`);
    });
  },
};
