/**
 * The import and export screens over ra-data-fakerest (the parse worker runs inline in jsdom): drop a file,
 * the table comes from its name, columns are mapped, the preview shows normalised values and problems, the
 * import runs and reports; the list export button downloads `{table}_PIM.csv` of the current filter.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeProvider, fixture } from './renderApp';
import { renderScreen } from './renderScreen';
import { captureDownloads, readBlob } from './downloads';

const csvFile = (name: string, text: string) => new File([text], name, { type: 'text/csv' });

const drop = (file: File) => {
  const input = screen.getByTestId('import-file') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};

const downloads = captureDownloads();

describe('Importar CSV', () => {
  it('maps, previews, imports brands and reports; rejected rows download as CSV', async () => {
    const provider = fakeProvider(fixture());
    renderScreen('/importar-csv', { dataProvider: provider });
    await screen.findByText(/Arrastre aquí un fichero CSV/);
    drop(
      csvFile(
        'marca_PIM.csv',
        '\uFEFFid;empresaId;Nombre;codigo;columna rara\n1;1;Marca 01;M01;x\n2;1;Marca dos;M02;x\n;1;Marca nueva;MN;x\n;1;;SIN;x\n',
      ),
    );
    expect(await screen.findByText(/marca_PIM\.csv: 4 filas/)).toBeTruthy();
    // table from the file name, columns mapped by name
    expect((screen.getByTestId('import-table') as HTMLInputElement).value).toBe('marca');
    expect(screen.getByText('Se usa la empresa seleccionada: no se importa')).toBeTruthy();
    expect(screen.getByText('Columna desconocida: no se importa')).toBeTruthy();
    // preview with the values as they will be imported
    expect(await screen.findByText(/4 filas correctas · 0 filas con problemas/)).toBeTruthy();
    const preview = screen.getByRole('table', { name: 'Vista previa de las primeras filas' });
    expect(within(preview).getByText('Marca nueva')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Importar 4 filas' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Importar' }));
    const report = await screen.findByTestId('import-report');
    expect(within(report).getByTestId('count-created').textContent).toBe('Creadas: 1');
    expect(within(report).getByTestId('count-updated').textContent).toBe('Actualizadas: 1');
    expect(within(report).getByTestId('count-unchanged').textContent).toBe('Sin cambios: 1');
    expect(within(report).getByTestId('count-rejected').textContent).toBe('Rechazadas: 1');

    const { data } = await provider.getList('Marca', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(data.find((m) => m.id === 2)?.nombre).toBe('Marca dos');
    expect(data.filter((m) => m.nombre === 'Marca nueva')).toHaveLength(1);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(report).getByRole('button', { name: 'Descargar filas rechazadas (CSV)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toBe('marca_PIM_rechazadas.csv');
    const text = await readBlob(downloads[0].blob);
    expect(
      text
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, 2),
    ).toEqual([
      'id;empresaId;Nombre;codigo;columna rara;Línea;Columna;Motivo',
      ";1;;SIN;x;5;Nombre;El campo 'nombre' es obligatorio",
    ]);
  }, 60_000);

  it('the button counts only the rows that will be written; a keyless row without its required name is marked', async () => {
    renderScreen('/importar-csv', { dataProvider: fakeProvider(fixture()) });
    await screen.findByText(/Arrastre aquí un fichero CSV/);
    drop(
      csvFile(
        'marca_PIM.csv',
        'codigo;nombre;nota\nN1;Nueva uno;a\nN2;Nueva dos;b\n;;sin nombre\n;Nueva tres;c\n',
      ),
    );
    expect(await screen.findByText(/3 filas correctas · 1 filas con problemas/)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Problemas encontrados' }).textContent).toContain(
      "El campo 'nombre' es obligatorio",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Importar 3 filas' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Se importarán 3 filas en Marcas');
  }, 60_000);

  it("the first rows show once the API's dry run has checked them; the count and the button wait for the rest", async () => {
    const checked: number[][] = [];
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const provider = {
      ...fakeProvider(fixture()),
      // the API's dry run: the first rows at once, the others held until released; line 14 is refused
      checkImport: async (_resource: string, rows: readonly { line: number }[]) => {
        checked.push(rows.map((row) => row.line));
        if (checked.length > 1) await held;
        return rows
          .filter((row) => row.line === 14)
          .map((row) => ({
            line: row.line,
            operation: 'create',
            error: { statusCode: 422, code: 'ER_DUP_ENTRY', message: "Duplicate entry 'x' for key 'nombre'" },
          }));
      },
    };
    renderScreen('/importar-csv', { dataProvider: provider });
    await screen.findByText(/Arrastre aquí un fichero CSV/);
    const lines = Array.from({ length: 15 }, (_, i) => `C${i};Marca comprobada ${i}`);
    drop(csvFile('marca_PIM.csv', `codigo;nombre\n${lines.join('\n')}\n`));
    expect(await screen.findByText(/Comprobando las filas en el servidor… 0 de 5/)).toBeTruthy();
    const preview = screen.getByRole('table', { name: 'Vista previa de las primeras filas' });
    expect(within(preview).getByText('Marca comprobada 0')).toBeTruthy();
    expect(screen.queryByTestId('prepared-summary')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Importar \d+ filas$/ })).toBeNull();
    release();
    expect(await screen.findByText(/14 filas correctas · 1 filas con problemas/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Importar 14 filas' })).toBeTruthy();
    expect(checked).toEqual([
      [2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      [12, 13, 14, 15, 16],
    ]);
  }, 60_000);

  it("the company comes from the data provider's company source: lookups and writes use it", async () => {
    const data = fixture();
    data.Marca = [...data.Marca, { id: 99, empresaId: 2, nombre: 'Marca otra', codigo: 'MO' }];
    const base = fakeProvider(data);
    // the provider scopes by company 2 while the stored selection says 1
    const provider = { ...base, getEmpresaId: () => 2 };
    renderScreen('/importar-csv', { dataProvider: provider });
    await screen.findByText(/Arrastre aquí un fichero CSV/);
    drop(csvFile('marca_PIM.csv', 'codigo;nombre\nMO;Marca otra renombrada\nM01;Marca uno de la 2\n'));
    expect(await screen.findByText(/2 filas correctas · 0 filas con problemas/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Importar 2 filas' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Importar' }));
    const report = await screen.findByTestId('import-report');
    // MO is found in company 2 and updated; M01 exists only in company 1, so company 2 gets its own
    expect(within(report).getByTestId('count-updated').textContent).toBe('Actualizadas: 1');
    expect(within(report).getByTestId('count-created').textContent).toBe('Creadas: 1');
    const { data: marcas } = await base.getList('Marca', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(marcas.find((m) => m.id === 99)?.nombre).toBe('Marca otra renombrada');
    expect(marcas.find((m) => m.id === 1)?.nombre).toBe('Marca 01');
    expect(marcas.filter((m) => m.nombre === 'Marca uno de la 2').map((m) => m.empresaId)).toEqual([2]);
  }, 60_000);

  it("products of another company than 1: the quick-creation notice, from the provider's company", async () => {
    renderScreen('/importar-csv?tabla=productos', {
      dataProvider: { ...fakeProvider(fixture()), getEmpresaId: () => 2 },
    });
    expect(
      await screen.findByText(
        /Los productos nuevos se crean en la empresa 1 \(alta rápida por importación\)/,
      ),
    ).toBeTruthy();
  });

  it('products of company 1 (the stored selection of a provider without a company source): no notice', async () => {
    renderScreen('/importar-csv?tabla=productos', { dataProvider: fakeProvider(fixture()) });
    await screen.findByText(/Arrastre aquí un fichero CSV/);
    await screen.findByText(/Las celdas vacías no cambian lo guardado/);
    expect(screen.queryByText(/alta rápida por importación/)).toBeNull();
  });

  it("an unknown table in the file name: 'Problema con el nombre de la tabla', the user picks one", async () => {
    renderScreen('/importar-csv');
    await screen.findByText(/Arrastre aquí un fichero CSV/);
    drop(csvFile('tabla_rara_PIM.csv', 'nombre\nA\n'));
    expect(
      await screen.findByText('Problema con el nombre de la tabla «tabla_rara»: elija la tabla de destino'),
    ).toBeTruthy();
  });

  it("?tabla= with an unknown table shows 'Problema con el nombre de la tabla'", async () => {
    renderScreen('/importar-csv?tabla=nada');
    expect(await screen.findByText('Problema con el nombre de la tabla «nada»')).toBeTruthy();
  });

  it('Latin-1 files are read as Windows-1252, with a note', async () => {
    renderScreen('/importar-csv');
    await screen.findByText(/Arrastre aquí un fichero CSV/);
    const bytes = Uint8Array.from([...'nombre;codigo\nSeñal;S1\n'].map((c) => c.charCodeAt(0)));
    drop(new File([bytes], 'marca_PIM.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/se ha leído como Windows-1252/)).toBeTruthy();
    expect(await screen.findByText('Señal')).toBeTruthy();
  });
});

describe('list export button', () => {
  it('downloads {table}_PIM.csv of every page of the current filter, with BOM and semicolons', async () => {
    renderScreen('/Marca');
    await screen.findByText('Marca 01');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(await screen.findByText('Generando el fichero CSV…')).toBeTruthy();
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toBe('marca_PIM.csv');
    const text = await readBlob(downloads[0].blob);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('id;empresaId;nombre;codigo');
    // every page: 12 brands although the list shows 10
    expect(lines).toHaveLength(13);
    expect(lines).toContain('12;1;Marca 12;M12');
  });

  it('exports only the rows of the current filter', async () => {
    renderScreen('/Marca?filter=%7B%22codigo%22%3A%22M07%22%7D');
    await screen.findByText('Marca 07');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const lines = (await readBlob(downloads[0].blob)).slice(1).trim().split('\r\n');
    expect(lines).toEqual(['id;empresaId;nombre;codigo', '7;1;Marca 07;M07']);
  });
});

describe('Exportar CSV page', () => {
  const choose = async (label: string, option: string) => {
    const select = await screen.findByRole('combobox', { name: label });
    // the options load first (the select is disabled meanwhile)
    await waitFor(() => expect(select.getAttribute('aria-disabled')).not.toBe('true'));
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: option }));
  };

  it('exports any table of the list as {table}_PIM.csv', async () => {
    renderScreen('/exportar-csv');
    await choose('Tabla', 'Marcas (marca)');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toBe('marca_PIM.csv');
    expect((await readBlob(downloads[0].blob)).split('\r\n')).toHaveLength(14);
  }, 40_000);

  it('integration template: one file per table, its fields, no Familias, files under the base path', async () => {
    const data = {
      ...fixture(),
      productos: [
        { id: 10, empresaId: 1, nombre: 'SKU-10', familias: 'F', imagen: 'multimedia/SKU-10/a.png' },
        { id: 11, empresaId: 2, nombre: 'OTRA', familias: 'F', imagen: 'multimedia/OTRA/a.png' },
      ],
      Plantilla: [{ id: 1, empresaId: 1, nombre: 'Exportación BC', rutaBase: '' }],
      Tablas: [
        { id: 1, plantillaId: 1, nombre: 'productos', campos: 'nombre,familias,imagen', orden: 1 },
        { id: 2, plantillaId: 1, nombre: 'tabla_inventada', campos: 'x', orden: 2 },
      ],
      parametrosGlobales: [
        { id: 1, empresaId: 1, minutosCierreSesion: 5, rutaBaseFicheros: '/srv/pim/DEMO' },
      ],
    };
    const provider = fakeProvider(data);
    const scoped = {
      ...provider,
      // fakerest does not scope by company: do what the LoopBack provider does for productos
      getList: (resource: string, params: Parameters<typeof provider.getList>[1]) =>
        provider.getList(
          resource,
          resource === 'productos' ? { ...params, filter: { ...params.filter, empresaId: 1 } } : params,
        ),
    };
    renderScreen('/exportar-csv', { dataProvider: scoped });
    await choose('Plantilla', 'Exportación BC');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar plantilla' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toBe('productos_PIM.csv');
    const lines = (await readBlob(downloads[0].blob)).slice(1).trim().split('\r\n');
    expect(lines).toEqual(['nombre;imagen', 'SKU-10;/srv/pim/DEMO/multimedia/SKU-10/a.png']);
    expect(await screen.findByText('Problema con el nombre de la tabla: «tabla_inventada»')).toBeTruthy();
  }, 40_000);
});
