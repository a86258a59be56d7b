//! The tables, as diesel sees them. One description for both backends: the two migration
//! folders create the same tables with the same types (`BLOB` on SQLite is `BYTEA` on
//! PostgreSQL). Times are `TIMESTAMP` columns holding UTC.

diesel::table! {
    users (id) {
        id -> Text,
        name -> Text,
        email -> Text,
        phone -> Text,
        address -> Text,
        role -> Integer,
        password_hash -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    categories (id) {
        id -> Text,
        name -> Text,
        name_key -> Text,
        image -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    import_jobs (id) {
        id -> Text,
        status -> Text,
        processed -> BigInt,
        total -> BigInt,
        created -> BigInt,
        updated -> BigInt,
        unchanged -> BigInt,
        warnings -> Text,
        errors -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        missing_photos -> Text,
    }
}

diesel::table! {
    products (id) {
        id -> Text,
        product_code -> Text,
        name -> Text,
        info -> Text,
        material -> Text,
        seller_id -> Nullable<Text>,
        category_id -> Text,
        quantity -> Integer,
        shipping -> Bool,
        rating_total -> Integer,
        review_count -> Integer,
        hsn -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        handle -> Nullable<Text>,
        published -> Bool,
        size_chart -> Nullable<Text>,
    }
}

diesel::table! {
    product_variants (product_id, position) {
        product_id -> Text,
        position -> Integer,
        label -> Nullable<Text>,
        model -> Nullable<Text>,
        price_paise -> BigInt,
        discount -> Integer,
        stock -> Nullable<Integer>,
        sale_price_paise -> BigInt,
        color -> Text,
        color_key -> Text,
    }
}

diesel::table! {
    product_colors (product_id, position) {
        product_id -> Text,
        position -> Integer,
        name -> Text,
        hex -> Nullable<Text>,
        photos -> Text,
    }
}

diesel::table! {
    product_details (product_id, kind, position) {
        product_id -> Text,
        kind -> Text,
        position -> Integer,
        value -> Text,
    }
}

diesel::table! {
    product_photos (product_id) {
        product_id -> Text,
        content_type -> Text,
        bytes -> Binary,
        sha256 -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    photo_variants (product_id, width, format) {
        product_id -> Text,
        width -> Integer,
        format -> Text,
        photo_sha256 -> Text,
        content_type -> Nullable<Text>,
        bytes -> Nullable<Binary>,
        sha256 -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    images (id) {
        id -> Text,
        content_type -> Text,
        bytes -> Binary,
        sha256 -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    reviews (id) {
        id -> Text,
        product_id -> Text,
        user_id -> Nullable<Text>,
        user_name -> Text,
        rating -> Integer,
        comment -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    sales (id) {
        id -> Text,
        name -> Text,
        starts_at -> Timestamp,
        ends_at -> Timestamp,
        discount -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    orders (id) {
        id -> Text,
        user_id -> Nullable<Text>,
        user_name -> Text,
        address -> Text,
        pincode -> Text,
        amount_rupees -> BigInt,
        payment_id -> Text,
        provider_order_id -> Text,
        status -> Text,
        refund_id -> Nullable<Text>,
        refund_status -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        subtotal_rupees -> BigInt,
        discount_rupees -> BigInt,
        coupon_code -> Nullable<Text>,
        coupon_id -> Nullable<Text>,
        payment_method -> Text,
        paid -> Bool,
        cod_key -> Nullable<Text>,
        state -> Nullable<Text>,
        invoice_no -> Nullable<Text>,
        credit_used -> BigInt,
        replaces -> Nullable<Text>,
        whatsapp -> Bool,
        cod_confirmation -> Nullable<Text>,
        cod_reminded_at -> Nullable<Timestamp>,
        prepaid_discount_rupees -> BigInt,
        cod_fee_rupees -> BigInt,
    }
}

diesel::table! {
    order_cod_events (order_id, event) {
        order_id -> Text,
        event -> Text,
        at -> Timestamp,
    }
}

diesel::table! {
    order_lines (order_id, position) {
        order_id -> Text,
        position -> Integer,
        product_id -> Text,
        name -> Text,
        category_name -> Text,
        variant_index -> Integer,
        variant_label -> Nullable<Text>,
        unit_price_paise -> BigInt,
        discount -> Integer,
        quantity -> Integer,
        hsn -> Nullable<Text>,
        gst_rate -> Nullable<Integer>,
        sale_price_paise -> BigInt,
        color -> Text,
    }
}

diesel::table! {
    order_events (order_id, position) {
        order_id -> Text,
        position -> Integer,
        status -> Text,
        actor_id -> Nullable<Text>,
        at -> Timestamp,
    }
}

diesel::table! {
    shipments (order_id) {
        order_id -> Text,
        courier -> Text,
        awb -> Text,
        tracking_url -> Nullable<Text>,
        shipped_at -> Timestamp,
        /// `YYYY-MM-DD`.
        expected_by -> Nullable<Text>,
        delivered_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    /// No primary key in the migrations; diesel's is their unique rule
    /// `shipment_events_order_id_status_at_key`.
    shipment_events (order_id, status, at) {
        order_id -> Text,
        status -> Text,
        at -> Timestamp,
        location -> Nullable<Text>,
        note -> Nullable<Text>,
        recorded_at -> Timestamp,
    }
}

diesel::table! {
    checkout_intents (provider_order_id) {
        provider_order_id -> Text,
        receipt -> Text,
        user_id -> Nullable<Text>,
        amount_rupees -> BigInt,
        address -> Text,
        pincode -> Text,
        created_at -> Timestamp,
        refund_payment_id -> Nullable<Text>,
        refund_id -> Nullable<Text>,
        refund_claimed_at -> Nullable<Timestamp>,
        coupon_code -> Nullable<Text>,
        state -> Nullable<Text>,
        credit_used -> BigInt,
    }
}

diesel::table! {
    credit_note_counters (financial_year) {
        financial_year -> Integer,
        last_number -> BigInt,
    }
}

diesel::table! {
    credit_notes (number) {
        number -> Text,
        financial_year -> Integer,
        sequence -> BigInt,
        order_id -> Text,
        source -> Text,
        return_id -> Nullable<Text>,
        issued_at -> Timestamp,
        amount -> BigInt,
        lines -> Text,
    }
}

diesel::table! {
    invoice_counters (financial_year) {
        financial_year -> Integer,
        last_number -> BigInt,
    }
}

diesel::table! {
    checkout_intent_lines (provider_order_id, position) {
        provider_order_id -> Text,
        position -> Integer,
        product_id -> Text,
        variant_index -> Integer,
        quantity -> Integer,
    }
}

diesel::table! {
    coupons (id) {
        id -> Text,
        code -> Text,
        kind -> Text,
        value -> BigInt,
        min_order_rupees -> BigInt,
        starts_at -> Timestamp,
        ends_at -> Timestamp,
        max_uses -> Nullable<BigInt>,
        max_uses_per_user -> Nullable<BigInt>,
        used -> BigInt,
        created_at -> Timestamp,
    }
}

diesel::table! {
    payment_events (event_id) {
        event_id -> Text,
        received_at -> Timestamp,
    }
}

diesel::table! {
    one_time_codes (purpose, email) {
        purpose -> Text,
        email -> Text,
        code_hash -> Text,
        attempts -> Integer,
        expires_at -> Timestamp,
        last_sent_at -> Timestamp,
        name -> Nullable<Text>,
        phone -> Nullable<Text>,
        address -> Nullable<Text>,
        password_hash -> Nullable<Text>,
    }
}

diesel::table! {
    change_counters (name, slot) {
        name -> Text,
        slot -> Integer,
        value -> BigInt,
    }
}

diesel::table! {
    sandbox_refunds (idempotency_key) {
        idempotency_key -> Text,
        payment_id -> Text,
        refund_id -> Text,
        amount_paise -> BigInt,
        status -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    rate_limit_attempts (id) {
        id -> BigInt,
        key -> Text,
        at -> Timestamp,
    }
}

diesel::table! {
    search_miss_searchers (day, query, searcher) {
        day -> Text,
        query -> Text,
        searcher -> Text,
    }
}

diesel::table! {
    search_misses (query, day) {
        query -> Text,
        day -> Text,
        count -> BigInt,
    }
}

diesel::table! {
    shiprocket_bookings (order_id) {
        order_id -> Text,
        shiprocket_order_id -> Nullable<BigInt>,
        shipment_id -> Nullable<BigInt>,
        awb -> Nullable<Text>,
        courier_name -> Nullable<Text>,
        expected_by -> Nullable<Text>,
        label_url -> Nullable<Text>,
        label_pdf -> Nullable<Binary>,
        pickup_requested -> Bool,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    return_counters (id) {
        id -> Integer,
        last_number -> BigInt,
    }
}

diesel::table! {
    returns (id) {
        id -> Text,
        number -> BigInt,
        order_id -> Text,
        user_id -> Text,
        status -> Text,
        qc -> Nullable<Text>,
        refund_to -> Nullable<Text>,
        refund_reference -> Nullable<Text>,
        refunded_at -> Nullable<Timestamp>,
        refund_amount -> BigInt,
        credit_note_no -> Nullable<Text>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        replacement_order_id -> Nullable<Text>,
        pickup_courier -> Nullable<Text>,
        pickup_awb -> Nullable<Text>,
        pickup_tracking_url -> Nullable<Text>,
        arrived_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    return_lines (return_id, position) {
        return_id -> Text,
        position -> Integer,
        line -> Integer,
        product_id -> Text,
        name -> Text,
        size_label -> Nullable<Text>,
        size_index -> Integer,
        new_size_label -> Nullable<Text>,
        new_size_index -> Nullable<Integer>,
        quantity -> Integer,
        reason -> Text,
        kind -> Text,
        amount -> BigInt,
        color -> Text,
        new_color -> Text,
    }
}

diesel::table! {
    return_events (return_id, position) {
        return_id -> Text,
        position -> Integer,
        status -> Text,
        at -> Timestamp,
        note -> Nullable<Text>,
    }
}

diesel::table! {
    store_credit_balances (user_id) {
        user_id -> Text,
        balance -> BigInt,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    store_credit_entries (id) {
        id -> Text,
        user_id -> Text,
        amount -> BigInt,
        reason -> Text,
        order_id -> Nullable<Text>,
        return_id -> Nullable<Text>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    whatsapp_messages (id) {
        id -> Text,
        order_id -> Text,
        kind -> Text,
        recipient -> Text,
        template -> Text,
        wa_message_id -> Nullable<Text>,
        status -> Text,
        error -> Nullable<Text>,
        attempts -> Integer,
        next_attempt_at -> Timestamp,
        claim -> Nullable<Text>,
        claimed_until -> Nullable<Timestamp>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    whatsapp_replies (incoming_id) {
        incoming_id -> Text,
        order_id -> Text,
        sender -> Text,
        answer -> Text,
        at -> Timestamp,
    }
}

diesel::joinable!(products -> categories (category_id));
diesel::joinable!(store_credit_balances -> users (user_id));
diesel::joinable!(store_credit_entries -> users (user_id));
diesel::joinable!(returns -> orders (order_id));
diesel::joinable!(return_lines -> returns (return_id));
diesel::joinable!(return_events -> returns (return_id));
diesel::joinable!(products -> users (seller_id));
diesel::joinable!(product_variants -> products (product_id));
diesel::joinable!(product_details -> products (product_id));
diesel::joinable!(product_colors -> products (product_id));
diesel::joinable!(product_photos -> products (product_id));
diesel::joinable!(photo_variants -> product_photos (product_id));
diesel::joinable!(reviews -> products (product_id));
diesel::joinable!(reviews -> users (user_id));
diesel::joinable!(orders -> users (user_id));
diesel::joinable!(order_lines -> orders (order_id));
diesel::joinable!(order_events -> orders (order_id));
diesel::joinable!(shipments -> orders (order_id));
diesel::joinable!(credit_notes -> orders (order_id));
diesel::joinable!(shipment_events -> shipments (order_id));
diesel::joinable!(checkout_intents -> users (user_id));
diesel::joinable!(checkout_intent_lines -> checkout_intents (provider_order_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    categories,
    products,
    import_jobs,
    product_variants,
    product_colors,
    product_details,
    product_photos,
    photo_variants,
    images,
    reviews,
    sales,
    orders,
    order_lines,
    order_events,
    whatsapp_messages,
    whatsapp_replies,
    order_cod_events,
    shipments,
    shipment_events,
    checkout_intents,
    checkout_intent_lines,
    coupons,
    invoice_counters,
    credit_note_counters,
    credit_notes,
    payment_events,
    one_time_codes,
    returns,
    return_lines,
    return_events,
    return_counters,
    store_credit_balances,
    store_credit_entries,
);

// The overview sums a quarter's pairs sold per size and replacement (`stats.rs`).
diesel::allow_columns_to_appear_in_same_group_by_clause!(
    order_lines::variant_label,
    orders::replaces
);
