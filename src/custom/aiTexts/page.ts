/** AI marketplace texts: review, generation and the prompt test bench (lazy pages in the marketplaces menu). */
import { lazy } from 'react';
import RateReviewIcon from '@mui/icons-material/RateReview';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import ScienceIcon from '@mui/icons-material/Science';
import type { CustomPage } from '../pages';

export const pages: CustomPage[] = [
  {
    path: 'revision-textos',
    label: 'Revisión de textos',
    labels: { en: 'Text review', de: 'Textprüfung', fr: 'Révision des textes', pt: 'Revisão de textos' },
    group: 'marketplaces',
    icon: RateReviewIcon,
    component: lazy(() => import('./ReviewPage')),
    access: { action: 'read', resource: 'TextosGenerados' },
  },
  {
    path: 'generacion-textos',
    label: 'Generar textos con IA',
    labels: {
      en: 'Generate AI texts',
      de: 'KI-Texte erzeugen',
      fr: 'Générer des textes IA',
      pt: 'Gerar textos com IA',
    },
    group: 'marketplaces',
    icon: AutoAwesomeIcon,
    component: lazy(() => import('./GeneratePage')),
    access: { action: 'read', resource: 'TextosGenerados' },
  },
  {
    path: 'banco-pruebas-prompts',
    label: 'Banco de pruebas de prompts',
    labels: {
      en: 'Prompt test bench',
      de: 'Prompt-Testbank',
      fr: 'Banc d’essai des prompts',
      pt: 'Banco de testes de prompts',
    },
    group: 'marketplaces',
    icon: ScienceIcon,
    component: lazy(() => import('./BenchPage')),
    access: { action: 'read', resource: 'MarketPlacePrompts' },
  },
];
