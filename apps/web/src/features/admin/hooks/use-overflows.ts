// Whether a scrolling box's content is wider than the box (a wide table on a
// phone), kept up to date as either changes size.
import { useLayoutEffect, useRef, useState } from 'react';

export function useOverflows<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const read = () => setOverflows(box.scrollWidth > box.clientWidth + 1);
    read();
    const observer = new ResizeObserver(read);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, overflows] as const;
}
