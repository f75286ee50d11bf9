/**
 * Shopping-feed export: downloads the .xlsx of the selected company with a progress indication; a company with
 * no products gets 'No hay productos para el feed' instead of an empty file.
 */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import Download from '@mui/icons-material/Download';
import { Title } from 'react-admin';
import { saveBlob, useIntegrations } from './api';
import { feedOutcome, type Outcome } from './outcomes';

export default function ShoppingFeedPage() {
  const api = useIntegrations();
  const [progress, setProgress] = useState<{ loaded: number; total: number | null } | null>(null);
  const [done, setDone] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setDone(null);
    setError(null);
    setProgress({ loaded: 0, total: null });
    try {
      const { blob, fileName, rows } = await api.integrationsShoppingFeed((loaded, total) =>
        setProgress({ loaded, total }),
      );
      if (rows !== 0) saveBlob(blob, fileName);
      setDone(feedOutcome(fileName, rows));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card>
      <Title title="Shopping feed" />
      <CardContent>
        <Typography sx={{ mb: 2 }}>
          Hoja de cálculo con una fila por producto de la empresa seleccionada: SKU, título, descripción,
          marca, EAN, categorías, imagen y precio.
        </Typography>
        <Button
          variant="contained"
          startIcon={<Download />}
          disabled={progress !== null}
          onClick={() => void download()}
        >
          Descargar shopping feed
        </Button>
        {progress && (
          <Box sx={{ mt: 2 }} role="progressbar" aria-label="Generando shopping feed">
            <LinearProgress
              variant={progress.total ? 'determinate' : 'indeterminate'}
              value={progress.total ? (100 * progress.loaded) / progress.total : undefined}
            />
            <Typography variant="body2">
              Generando el fichero… {progress.loaded > 0 ? `${Math.round(progress.loaded / 1024)} KB` : ''}
            </Typography>
          </Box>
        )}
        {done && (
          <Alert severity={done.severity} sx={{ mt: 2 }} role="status">
            {done.mensaje}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
