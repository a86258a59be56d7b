//! The rules placing an order is held to, each decided here once; the order's transaction
//! counts, asks here, and writes.

use super::OrderStatus;

/// Unpaid cash-on-delivery orders one shopper may have open at once (decisions D8).
pub const MAX_OPEN_COD_ORDERS: u32 = 3;

/// Statuses in which an unpaid cash-on-delivery order counts as open: on its way, not yet
/// delivered, cancelled or returned to origin.
pub const OPEN_COD_STATUSES: [OrderStatus; 4] = [
    OrderStatus::Pending,
    OrderStatus::Confirmed,
    OrderStatus::Shipped,
    OrderStatus::OutForDelivery,
];

/// Whether a shopper with `open` unpaid cash-on-delivery orders in [`OPEN_COD_STATUSES`] may
/// place one more, `max_open` being the limit.
pub fn may_open_cod_order(open: u64, max_open: u32) -> bool {
    open < u64::from(max_open)
}

/// Whether taking `taken` pairs, which left `left`, crossed the low-stock `threshold` from
/// above: the one order that crosses it reports it, the later ones below it do not.
pub fn crossed_low_stock(left: u32, taken: u32, threshold: u32) -> bool {
    left <= threshold && u64::from(left) + u64::from(taken) > u64::from(threshold)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn delivered_cancelled_and_returned_orders_are_not_open() {
        let closed: Vec<OrderStatus> = OrderStatus::ALL
            .into_iter()
            .filter(|s| !OPEN_COD_STATUSES.contains(s))
            .collect();
        assert_eq!(
            closed,
            [
                OrderStatus::Delivered,
                OrderStatus::Cancelled,
                OrderStatus::ReturnedToOrigin
            ]
        );
    }

    #[test]
    fn the_fourth_open_cod_order_is_refused() {
        assert!(may_open_cod_order(0, MAX_OPEN_COD_ORDERS));
        assert!(may_open_cod_order(2, MAX_OPEN_COD_ORDERS));
        assert!(!may_open_cod_order(3, MAX_OPEN_COD_ORDERS));
        assert!(!may_open_cod_order(4, MAX_OPEN_COD_ORDERS));
        assert!(!may_open_cod_order(0, 0));
    }

    #[test]
    fn low_stock_is_crossed_once_from_above() {
        // 5 -> 3 with a threshold of 3 crosses; 3 -> 2 is already below.
        assert!(crossed_low_stock(3, 2, 3));
        assert!(!crossed_low_stock(2, 1, 3));
        assert!(!crossed_low_stock(4, 1, 3));
        assert!(crossed_low_stock(0, 10, 3));
        assert!(!crossed_low_stock(u32::MAX, u32::MAX, u32::MAX - 1));
        assert!(crossed_low_stock(u32::MAX - 1, u32::MAX, u32::MAX - 1));
    }

    proptest! {
        /// Taking stock down one order at a time, the threshold is reported by exactly the
        /// order that first leaves it at or below, if any does.
        #[test]
        fn a_run_of_orders_reports_the_threshold_at_most_once(
            start in 0_u32..200,
            threshold in 0_u32..50,
            orders in proptest::collection::vec(1_u32..20, 0..30),
        ) {
            let mut stock = start;
            let mut reports = 0;
            for taken in orders {
                if taken > stock {
                    continue;
                }
                stock -= taken;
                reports += usize::from(crossed_low_stock(stock, taken, threshold));
            }
            let crossed = start > threshold && stock <= threshold;
            prop_assert_eq!(reports, usize::from(crossed));
        }
    }
}
