// Business constants of the spec (section 9). Server rules live on the server.

export const API_BASE = '/api/v1';

export const PINCODE_LENGTH = 6;

export const BANNER_PRODUCT_COUNT = 5;
export const BANNER_ROTATE_MS = 3000;
export const BANNER_LOADING_MAX_MS = 2000;

export const DESCRIPTION_EXCERPT_LENGTH = 100;
export const DEFAULT_MAX_PRICE = 100000;

/** Products per page of the home listing and the category page: 12 rows of 2 on a phone, 8 of 3 on a desktop. */
export const PRODUCT_PAGE_SIZE = 24;
/** The widths the server makes of a product photo (`?w=`). */
export const PHOTO_WIDTHS = [240, 480, 960, 1600] as const;

export const SALE_TICK_MS = 1000;
export const CART_SPINNER_MS = 2000;
export const GALLERY_SLIDE_MS = 500;

export const DEFAULT_REVIEW_RATING = 5;
export const DEFAULT_AVERAGE_RATING = 5;

export const TOAST_DEFAULT_MS = 4000;
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_LIMIT = 20;

export const PAYMENT_WINDOW = { width: 500, height: 400 } as const;
export const RAZORPAY_CHECKOUT_SRC = 'https://checkout.razorpay.com/v1/checkout.js';
export const SANDBOX_CHECKOUT_PATH = '/sandbox/checkout';
export const SANDBOX_WINDOW_NAME = 'paduka-sandbox';

export const SHOP_NAME = 'Paduka';
export const COPYRIGHT_YEAR = 2024;
export const CONTACT_EMAIL = 'contact@paduka.local';

/** `saleStrip`: whether the last page shown had a sale strip ('1' or '0'), to hold its space or not. */
export const STORAGE_KEYS = {
  auth: 'auth',
  cart: 'cart',
  saleStrip: 'saleStrip',
  whatsappUpdates: 'whatsappUpdates',
} as const;
