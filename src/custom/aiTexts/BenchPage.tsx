/**
 * Prompt test bench: a product, up to five campo/prompt pairs (optionally loaded from a marketplace prompt) and
 * the active languages; the results are shown side by side per language and are not stored.
 */
import { useState } from 'react';
import { Title, useGetList } from 'react-admin';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useAiTexts, type PruebaResult } from './api';
import { CAMPO_SUFFIXES, camposDePrompt, type CampoPrompt } from '../../core/aiTexts/fields';

const EMPTY_PAIRS: CampoPrompt[] = CAMPO_SUFFIXES.map(() => ({ campo: '', prompt: '' }));

interface Option {
  id: number;
  label: string;
}

export const BenchPage = () => {
  const api = useAiTexts();
  const [product, setProduct] = useState<Option | null>(null);
  const [search, setSearch] = useState('');
  const [pairs, setPairs] = useState<CampoPrompt[]>(EMPTY_PAIRS);
  const [idiomas, setIdiomas] = useState<Set<string>>(new Set(['es']));
  const [results, setResults] = useState<PruebaResult[] | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { data: products } = useGetList('productos', {
    filter: search.trim() ? { q: search.trim() } : {},
    pagination: { page: 1, perPage: 20 },
    sort: { field: 'nombre', order: 'ASC' },
  });
  const { data: prompts } = useGetList('MarketPlacePrompts', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'marketplaceId', order: 'ASC' },
  });
  const { data: langs } = useGetList('idiomas', {
    filter: { activo_sn: 'S' },
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'nombre', order: 'ASC' },
  });
  const langList = [...idiomas];
  const filled = pairs.filter((p) => p.campo.trim());

  const run = async () => {
    if (!product) return;
    setRunning(true);
    setError(null);
    try {
      setResults(await api.aiPruebas({ idProducto: product.id, pares: filled, idiomas: langList }));
    } catch (e) {
      setError((e as Error).message || 'Error al probar los prompts');
    } finally {
      setRunning(false);
    }
  };

  const campos = [...new Set((results ?? []).map((r) => r.campo))];
  const resultLangs = [...new Set((results ?? []).map((r) => r.idioma))];

  return (
    <Box sx={{ p: 2 }}>
      <Title title="Banco de pruebas de prompts" />
      <Typography variant="h5" component="h1" gutterBottom>
        Banco de pruebas de prompts
      </Typography>
      <Paper
        component="form"
        variant="outlined"
        sx={{ p: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Autocomplete
            sx={{ minWidth: 300 }}
            options={(products ?? []).map((p) => ({ id: Number(p.id), label: String(p.nombre) }))}
            value={product}
            onChange={(_, value) => setProduct(value)}
            onInputChange={(_, value) => setSearch(value)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label="Producto" size="small" required />}
          />
          <Autocomplete
            sx={{ minWidth: 300 }}
            options={(prompts ?? []).map((p) => ({
              id: Number(p.id),
              label: `${String(p.categoriaCodigo)} · prompt ${p.id}`,
            }))}
            onChange={(_, value) => {
              const record = prompts?.find((p) => Number(p.id) === value?.id);
              if (!record) return;
              const loaded = camposDePrompt(record);
              setPairs(CAMPO_SUFFIXES.map((_, i) => loaded[i] ?? { campo: '', prompt: '' }));
            }}
            renderInput={(params) => (
              <TextField {...params} label="Cargar un prompt existente" size="small" />
            )}
          />
        </Stack>
        <Stack spacing={1} sx={{ mt: 2 }}>
          {pairs.map((pair, index) => (
            <Stack key={CAMPO_SUFFIXES[index]} direction={{ xs: 'column', md: 'row' }} spacing={1}>
              <TextField
                size="small"
                label={`Campo ${CAMPO_SUFFIXES[index].toLowerCase()}`}
                value={pair.campo}
                onChange={(e) =>
                  setPairs(pairs.map((p, i) => (i === index ? { ...p, campo: e.target.value } : p)))
                }
                sx={{ minWidth: 200 }}
              />
              <TextField
                size="small"
                fullWidth
                multiline
                label={`Prompt del campo ${CAMPO_SUFFIXES[index].toLowerCase()}`}
                value={pair.prompt}
                onChange={(e) =>
                  setPairs(pairs.map((p, i) => (i === index ? { ...p, prompt: e.target.value } : p)))
                }
              />
            </Stack>
          ))}
        </Stack>
        <FormGroup row sx={{ mt: 1 }}>
          {(langs ?? []).map((l) => (
            <FormControlLabel
              key={l.id}
              control={
                <Checkbox
                  checked={idiomas.has(String(l.codigo))}
                  onChange={(e) =>
                    setIdiomas((s) => {
                      const next = new Set(s);
                      if (e.target.checked) next.add(String(l.codigo));
                      else next.delete(String(l.codigo));
                      return next;
                    })
                  }
                />
              }
              label={String(l.nombre)}
            />
          ))}
        </FormGroup>
        <Button
          type="submit"
          variant="contained"
          disabled={running || !product || !filled.length || !idiomas.size}
          sx={{ mt: 1 }}
        >
          Probar prompts
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 2 }}>
          Los resultados de la prueba no se guardan.
        </Typography>
      </Paper>
      {running && <LinearProgress sx={{ mt: 2 }} />}
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      {results && (
        <Paper variant="outlined" sx={{ mt: 2, overflowX: 'auto' }}>
          <Table size="small" aria-label="Resultados de la prueba">
            <TableHead>
              <TableRow>
                <TableCell>Campo</TableCell>
                {resultLangs.map((l) => (
                  <TableCell key={l}>{l.toUpperCase()}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {campos.map((campo) => (
                <TableRow key={campo}>
                  <TableCell sx={{ verticalAlign: 'top', fontWeight: 600 }}>{campo}</TableCell>
                  {resultLangs.map((l) => {
                    const r = results.find((x) => x.campo === campo && x.idioma === l);
                    return (
                      <TableCell key={l} sx={{ verticalAlign: 'top', whiteSpace: 'pre-wrap' }}>
                        {r?.error ? <Alert severity="error">{r.error}</Alert> : r?.texto}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Box>
  );
};

export default BenchPage;
