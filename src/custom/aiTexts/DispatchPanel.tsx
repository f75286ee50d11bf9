/** "Envío directo al servicio de textos": the selected products through the generic dispatch. */
import { useState } from 'react';
import {
  Alert,
  AlertTitle,
  Button,
  FormControlLabel,
  LinearProgress,
  Paper,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useAiTexts, type DispatchEndpoint } from './api';
import { itemsEnvio, MODOS_ENVIO, mensajeErrorEnvio, resultadoEnvio } from './dispatch';

interface Props {
  productos: number[];
  marketplaces: number[];
  idiomas: string[];
}

type Outcome =
  { kind: 'answer'; ok: boolean; titulo: string; mensaje: string } | { kind: 'error'; mensaje: string };

export const DispatchPanel = ({ productos, marketplaces, idiomas }: Props) => {
  const api = useAiTexts();
  const [endpoint, setEndpoint] = useState<DispatchEndpoint>('pim/process-base64');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const send = async () => {
    setSending(true);
    setOutcome(undefined);
    try {
      const answer = await api.aiDispatch(endpoint, itemsEnvio(productos, marketplaces, idiomas));
      setOutcome({ kind: 'answer', ...resultadoEnvio(answer) });
    } catch (error) {
      setOutcome({ kind: 'error', mensaje: mensajeErrorEnvio(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mt: 2 }}
      component="section"
      aria-label="Envío directo al servicio de textos"
    >
      <Typography variant="subtitle1" component="h2">
        Envío directo al servicio de textos
      </Typography>
      <RadioGroup
        row
        aria-label="Modo de envío"
        value={endpoint}
        onChange={(e) => setEndpoint(e.target.value as DispatchEndpoint)}
      >
        {MODOS_ENVIO.map((m) => (
          <FormControlLabel
            key={m.endpoint}
            value={m.endpoint}
            control={<Radio />}
            label={m.label}
            title={m.ayuda}
            disabled={sending}
          />
        ))}
      </RadioGroup>
      <Typography variant="caption" color="text.secondary" component="p">
        {MODOS_ENVIO.find((m) => m.endpoint === endpoint)?.ayuda}
      </Typography>
      <Button
        variant="outlined"
        sx={{ mt: 1 }}
        disabled={sending || !productos.length}
        onClick={() => void send()}
      >
        Enviar {productos.length} producto(s)
      </Button>
      {!productos.length && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          Selecciona al menos un producto.
        </Typography>
      )}
      {sending && <LinearProgress sx={{ mt: 1 }} aria-label="Enviando al servicio de textos" />}
      {outcome && (
        <Alert
          severity={outcome.kind === 'answer' && outcome.ok ? 'success' : 'error'}
          sx={{ mt: 1 }}
          data-testid="dispatch-result"
        >
          <AlertTitle>{outcome.kind === 'answer' ? outcome.titulo : 'Error'}</AlertTitle>
          {outcome.mensaje}
        </Alert>
      )}
    </Paper>
  );
};

export default DispatchPanel;
