// Puts focus back on the Edit button when an in-place editor closes (saved or
// cancelled): the editor that had focus is gone, and the page should not
// send keyboard users back to the top.
import { useEffect, useRef } from 'react';

export function useFocusAfterEdit<T extends HTMLElement>(editing: boolean) {
  const editButton = useRef<T>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return editButton;
}
