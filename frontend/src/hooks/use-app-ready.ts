import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const inTheBrowser = () => true;
const onTheServer = () => false;

/**
 * Whether the app runs this page (decisions D32). False on the server and in the hydrating render
 * of a page the server drew (React reads the server's snapshot then, so both render the same),
 * true right after, and at once in a page the app draws alone.
 */
export function useAppReady(): boolean {
  return useSyncExternalStore(noSubscription, inTheBrowser, onTheServer);
}
