// Lazy route modules, shared by the router and by preloading.

export const loadProductRoute = () => import('./product');

export function preloadProductRoute(): void {
  void loadProductRoute();
}
