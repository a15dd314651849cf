import { useEffect } from 'react';
import { useI18n } from '#src/shared/i18n/i18n.tsx';

export function useDocumentTitle(title: string): void {
  const { t } = useI18n();
  useEffect(() => {
    document.title = `${title} · ${t.common.appName}`;
  }, [title, t]);
}
