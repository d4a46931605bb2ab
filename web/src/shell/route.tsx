import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';

/** The UI's pages, read from the address so a reload or a shared link lands on the same one. */
export type Route =
  | { page: 'chat'; chatId?: string; messageId?: number }
  | { page: 'settings' }
  | { page: 'history' };

export function parseRoute(path: string, hash: string): Route {
  if (path === '/settings') return { page: 'settings' };
  if (path === '/history') return { page: 'history' };
  const chat = /^\/chats\/([^/]+)$/.exec(path);
  if (chat?.[1]) {
    const message = /^#m(\d+)$/.exec(hash)?.[1];
    return {
      page: 'chat',
      chatId: decodeURIComponent(chat[1]),
      ...(message ? { messageId: Number(message) } : {}),
    };
  }
  return { page: 'chat' };
}

const ROUTE_CHANGED = 'lookout:route';

/** Goes to a page of the UI without loading it again. */
export function navigate(href: string): void {
  if (href === `${location.pathname}${location.hash}`) return;
  history.pushState(null, '', href);
  window.dispatchEvent(new Event(ROUTE_CHANGED));
}

const currentRoute = (): Route => parseRoute(location.pathname, location.hash);

export function useRoute(): Route {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const update = () => setRoute(currentRoute());
    window.addEventListener('popstate', update);
    window.addEventListener(ROUTE_CHANGED, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(ROUTE_CHANGED, update);
    };
  }, []);
  return route;
}

/** A link to a page of the UI: a real link (middle click, copy address), followed in place. */
export function Link({
  href,
  children,
  className,
  title,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  title?: string;
}) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} className={className} title={title} onClick={follow}>
      {children}
    </a>
  );
}
