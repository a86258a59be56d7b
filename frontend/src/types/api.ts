// The app's names for the shapes of the /api/v1 contract. They are generated: the server's
// OpenAPI document (`openapi.json`, written by crates/http's tests) is turned into
// `api.gen.ts` by `npm run gen:api`. To change a shape, change the Rust DTO, not this file.
import type { components } from './api.gen';

type Schemas = components['schemas'];

export type Id = string;

export type Product = Schemas['ProductDto'];
export type CategoryRef = Schemas['ProductCategoryDto'];
export type Category = Schemas['CategoryDto'];
export type Sale = Schemas['SaleDto'];
export type Review = Schemas['ReviewDto'];
export type User = Schemas['UserDto'];

export type OrderStatus = Schemas['OrderStatusName'];
/** Paid online when ordering, or in cash when the order arrives. */
export type PaymentMethod = Schemas['PaymentMethodName'];
export type OrderLine = Schemas['OrderLineDto'];
export type Order = Schemas['OrderDto'];
/** A state or union territory of `GET /delivery/states`. */
export type IndianState = Schemas['StateDto'];
export type StatusChange = Schemas['StatusChangeDto'];
/** `GET /order/get-order/{id}`: the order and its history, oldest first. */
export type OrderWithHistory = Omit<Schemas['OrderResponse'], 'success'>;

export type Totals = Schemas['TotalsDto'];
/** `GET /admin/stats`. */
export type AdminStats = Omit<Schemas['AdminStatsResponse'], 'success'>;

export type CouponKind = Schemas['CouponKindName'];
export type Coupon = Schemas['CouponDto'];
/** `POST /coupon/apply`: whole rupees before and after the coupon. */
export type CouponQuote = Omit<Schemas['CouponPriceResponse'], 'success'>;

/** Every success reply carries `success: true`; failures are turned into `ApiError`. */
export type Ok<T> = { success: true; message?: string } & T;
