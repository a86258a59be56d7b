// The app's names for the shapes of the /api/v1 contract. They are generated: the server's
// OpenAPI document (`openapi.json`, written by crates/http's tests) is turned into
// `api.gen.ts` by `npm run gen:api`. To change a shape, change the Rust DTO, not this file.
import type { components } from './api.gen';

type Schemas = components['schemas'];

/**
 * A generated request body's named fields, without the open index signature every body carries
 * (`[key: string]: JsonWithoutNul`), so that a misspelt field is an error.
 */
type Fields<T> = { [K in keyof T as string extends K ? never : K]: T[K] };

export type Id = string;

export type Product = Schemas['ProductDto'];
/**
 * A listing's product (`GET /product/get-products`): with `shownColor`, the colour its card shows,
 * named by the listing's `color` or its search words (decisions D47).
 */
export type ListedProduct = Schemas['ListedProductDto'];
/**
 * `GET /product/get-product/{id}`'s product: a listing's fields with its fit advice and size
 * chart (decisions D38); a listing's copy, shown while it loads, has neither.
 */
export type ProductDetail = Schemas['ProductDetailDto'];
/** `GET /product/find-size/{id}`: the size suggested for a foot length (`null`: none fits). */
export type SizeSuggestion = Omit<Schemas['FindSizeResponse'], 'success'>;
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
/** `GET /delivery/{pincode}`: deliverable, the message, the state, and when a parcel would come. */
export type DeliveryCheck = Omit<Schemas['DeliveryResponse'], 'success'>;
export type StatusChange = Schemas['StatusChangeDto'];
/** Whether the buyer confirmed a cash-on-delivery order (decisions D39); `null` for other orders. */
export type CodConfirmation = Schemas['CodConfirmationName'];
/** `GET /cod/{token}` and its buttons' POSTs: the order a mail's link names, and what may be answered. */
export type CodLink = Omit<Schemas['CodLinkResponse'], 'success'>;
/** `GET /dev/outbox` (decisions D45): the kept mails and WhatsApp messages, newest first. */
export type DevOutbox = Omit<Schemas['DevOutboxResponse'], 'success'>;
export type OutboxMail = Schemas['OutboxMailDto'];
export type OutboxMessage = Schemas['OutboxMessageDto'];
/** `GET /order/get-order/{id}`: the order and its history, oldest first. */
export type OrderWithHistory = Omit<Schemas['OrderResponse'], 'success'>;
/** The order's parcel once it is with a courier (`order.shipment`, `null` before). */
export type Shipment = Schemas['ShipmentDto'];
/** One step the courier reported: a lifecycle status or the courier's own words. */
export type TrackingEvent = Schemas['TrackingEventDto'];
/** `POST /shipment/create/{id}`: the generated body's fields (its open index signature left out). */
export type ShipBody = { [K in 'courier' | 'awb' | 'trackingUrl' | 'weightGrams']?: Schemas['ShipBody'][K] };
/** `POST /shipment/event/{id}`: what an admin may record by hand. */
export type CourierEventStatus = Schemas['CourierEventBody']['status'];
/**
 * What may be done to an order now, worked out by the server (decisions D30): the screens offer
 * exactly these (cancel, a return until `returnUntil`, the admin's courier events and statuses).
 */
export type OrderActions = Schemas['OrderActionsDto'];
/** A status an admin may set with `PUT /order/update-status/{id}`. */
export type SettableStatus = Schemas['SettableStatusName'];
/** `Ok` replies that carry the order as it now is: `Order shipped`, `Event recorded`. */
export type OrderWrite = Omit<Schemas['OrderWriteResponse'], 'success'>;

export type Totals = Schemas['TotalsDto'];
/** `GET /admin/stats`. */
export type AdminStats = Omit<Schemas['AdminStatsResponse'], 'success'>;
/** `GET /admin/stats`' returns to origin of the last 90 days: rates 0..1, the worst areas. */
export type RtoStats = Schemas['RtoDto'];

export type CouponKind = Schemas['CouponKindName'];
export type Coupon = Schemas['CouponDto'];
/** `POST /coupon/apply`: whole rupees before and after the coupon. */
export type CouponQuote = Omit<Schemas['CouponPriceResponse'], 'success'>;
/** What the cart costs paid online (with the saving) and in cash (with the charge), priced by the server. */
export type CartQuote = Omit<Schemas['CartQuoteResponse'], 'success'>;

/** One entry of a shopper's store credit: whole rupees in (+) or out (-), and what it was for. */
export type CreditEntry = Schemas['CreditEntryDto'];
/** `GET /user/credit`: the balance (whole rupees, 0 for one who never had credit) and its entries, newest first. */
export type StoreCredit = Omit<Schemas['CreditResponse'], 'success'>;

/** A return (decisions section 16): its lines, the refund, and its events, oldest first. */
export type Return = Schemas['ReturnDto'];
export type ReturnLine = Schemas['ReturnLineDto'];
export type ReturnEvent = Schemas['ReturnEventDto'];
/** The steps a return may take now (`actions.next`), named as their calls' paths. */
export type ReturnStepName = Schemas['ReturnStepName'];
/** A return's lifecycle: `Requested` -> ... -> `Completed`, and the two ends off it. */
export type ReturnStatus = Schemas['ReturnStatusName'];
/** Why a pair comes back. */
export type ReturnReason = Schemas['ReasonName'];
/** What the shopper wants for a line: another size at the same price, or money back. */
export type ReturnKind = Schemas['ReturnKindName'];
/** Where a refund went: the original payment, store credit, or a bank/UPI payout. */
export type RefundTo = Schemas['RefundToName'];
/** `POST /return/request`: the generated body's fields, its lines' too (their open index signatures left out). */
export type ReturnRequestBody = Omit<Fields<Schemas['ReturnRequestBody']>, 'lines'> & {
  lines: Fields<Schemas['ReturnRequestBody']['lines'][number]>[];
};
/** `PUT /return/reject/{id}`. */
export type RejectBody = Fields<Schemas['RejectBody']>;
/** `PUT /return/receive/{id}`. */
export type ReceiveBody = Fields<Schemas['ReceiveBody']>;
/** `PUT /return/complete/{id}`. */
export type CompleteBody = Fields<Schemas['CompleteBody']>;

/** Every success reply carries `success: true`; failures are turned into `ApiError`. */
export type Ok<T> = { success: true; message?: string } & T;

/** `GET /product/import/{job}`, and a dry run's whole answer (decisions section 17). */
export type ImportReport = Schemas['ImportJobResponse'];
/** A row an import could not take: the file's line number, the column's header as written, why. */
export type ImportProblem = Schemas['ImportRowError'];
export type ImportStarted = Schemas['ImportStartedResponse'];
/** `POST /media`'s reply: where the admin's uploaded photo is served (decisions D48). */
export type StoredPhoto = Schemas['StoredPhotoResponse'];

/** One of the navbar search box's suggestions (`GET /product/suggest`). */
export type Suggestion = Schemas['SuggestionDto'];
export type SuggestReply = Schemas['SuggestResponse'];
/** A search that listed nothing, and how often it was made in the last 30 days. */
export type SearchMiss = Schemas['SearchMissDto'];
