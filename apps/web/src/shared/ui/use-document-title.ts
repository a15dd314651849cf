import { useEffect } from 'react';

export function useDocumentTitle(title: string, siteName: string) {
  useEffect(() => {
    document.title = title ? `${title} – ${siteName}` : siteName;
  }, [title, siteName]);
}
