//! The Shiprocket adapter's memory in `shiprocket_bookings` (decisions D20): one row per order
//! of ours, rewritten as each step completes.

use async_trait::async_trait;
use chrono::NaiveDate;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::Error as DieselError;
use diesel::upsert::excluded;
use paduka_application::RepoError;
use paduka_application::orders::{ShiprocketBooking, ShiprocketBookings};
use paduka_domain::OrderId;

use crate::db::{AnyConnection, Database, corrupt, from_db_time, to_db_time};
use crate::schema::shiprocket_bookings;

#[derive(Debug, Clone)]
pub struct DieselShiprocketBookings {
    db: Database,
}

impl DieselShiprocketBookings {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = shiprocket_bookings)]
struct BookingRow {
    order_id: String,
    shiprocket_order_id: Option<i64>,
    shipment_id: Option<i64>,
    awb: Option<String>,
    courier_name: Option<String>,
    expected_by: Option<String>,
    label_url: Option<String>,
    label_pdf: Option<Vec<u8>>,
    pickup_requested: bool,
    updated_at: NaiveDateTime,
}

impl TryFrom<BookingRow> for ShiprocketBooking {
    type Error = DieselError;

    fn try_from(row: BookingRow) -> Result<Self, DieselError> {
        let expected_by = row
            .expected_by
            .map(|date| {
                NaiveDate::parse_from_str(&date, "%Y-%m-%d")
                    .map_err(|_| corrupt(format_args!("expected_by of {}", row.order_id)))
            })
            .transpose()?;
        Ok(Self {
            order_id: OrderId::new(row.order_id),
            shiprocket_order_id: row.shiprocket_order_id,
            shipment_id: row.shipment_id,
            awb: row.awb,
            courier_name: row.courier_name,
            expected_by,
            label_url: row.label_url,
            label_pdf: row.label_pdf,
            pickup_requested: row.pickup_requested,
            updated_at: from_db_time(row.updated_at),
        })
    }
}

impl From<&ShiprocketBooking> for BookingRow {
    fn from(booking: &ShiprocketBooking) -> Self {
        Self {
            order_id: booking.order_id.as_str().to_owned(),
            shiprocket_order_id: booking.shiprocket_order_id,
            shipment_id: booking.shipment_id,
            awb: booking.awb.clone(),
            courier_name: booking.courier_name.clone(),
            expected_by: booking
                .expected_by
                .map(|date| date.format("%Y-%m-%d").to_string()),
            label_url: booking.label_url.clone(),
            label_pdf: booking.label_pdf.clone(),
            pickup_requested: booking.pickup_requested,
            updated_at: to_db_time(booking.updated_at),
        }
    }
}

#[async_trait]
impl ShiprocketBookings for DieselShiprocketBookings {
    async fn find(&self, order_id: &OrderId) -> Result<Option<ShiprocketBooking>, RepoError> {
        let order_id = order_id.as_str().to_owned();
        self.db
            .run(move |conn| {
                shiprocket_bookings::table
                    .find(order_id)
                    .select(BookingRow::as_select())
                    .first(conn)
                    .optional()?
                    .map(ShiprocketBooking::try_from)
                    .transpose()
            })
            .await
    }

    async fn save(&self, booking: &ShiprocketBooking) -> Result<(), RepoError> {
        let row = BookingRow::from(booking);
        self.db
            .run(move |conn| {
                let upsert = diesel::insert_into(shiprocket_bookings::table)
                    .values(&row)
                    .on_conflict(shiprocket_bookings::order_id)
                    .do_update()
                    .set((
                        shiprocket_bookings::shiprocket_order_id
                            .eq(excluded(shiprocket_bookings::shiprocket_order_id)),
                        shiprocket_bookings::shipment_id
                            .eq(excluded(shiprocket_bookings::shipment_id)),
                        shiprocket_bookings::awb.eq(excluded(shiprocket_bookings::awb)),
                        shiprocket_bookings::courier_name
                            .eq(excluded(shiprocket_bookings::courier_name)),
                        shiprocket_bookings::expected_by
                            .eq(excluded(shiprocket_bookings::expected_by)),
                        shiprocket_bookings::label_url.eq(excluded(shiprocket_bookings::label_url)),
                        shiprocket_bookings::label_pdf.eq(excluded(shiprocket_bookings::label_pdf)),
                        shiprocket_bookings::pickup_requested
                            .eq(excluded(shiprocket_bookings::pickup_requested)),
                        shiprocket_bookings::updated_at
                            .eq(excluded(shiprocket_bookings::updated_at)),
                    ));
                // Each backend spells the upsert its own way.
                match conn {
                    AnyConnection::Postgresql(pg) => upsert.execute(pg),
                    AnyConnection::Sqlite(sqlite) => upsert.execute(sqlite),
                }
                .map(|_| ())
            })
            .await
    }
}
