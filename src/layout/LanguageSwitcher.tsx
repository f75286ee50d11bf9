/** The language menu: writes the `idioma` cookie and switches react-admin's locale. */
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState, type MouseEvent } from 'react';
import { useLocales, useLocaleState, useTranslate } from 'react-admin';
import { setLanguage } from '../i18n/language';

export const LanguageSwitcher = () => {
  const translate = useTranslate();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (locales.length < 2) return null;
  const current = locales.find((candidate) => candidate.locale === locale);
  const choose = (code: string) => {
    setLanguage(code);
    setLocale(code);
    setAnchor(null);
  };
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        // the visible code is part of the name (WCAG 2.5.3: label in name)
        aria-label={`${translate('pim.language.label')}: ${current?.locale.toUpperCase() ?? locale}`}
        aria-haspopup="true"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        {current?.locale.toUpperCase() ?? locale}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {locales.map((candidate) => (
          <MenuItem
            key={candidate.locale}
            selected={candidate.locale === locale}
            onClick={() => choose(candidate.locale)}
          >
            {candidate.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
