//! `ReturnService` over a mocked repository and the fake provider and mailer.

use std::sync::{Arc, Mutex};

use paduka_domain::invoice::{CreditNote, CreditNoteSource, CreditedLine};
use paduka_domain::order::{Awb, PaymentMethod};
use paduka_domain::returns::{
    Pickup, PickupProgress, Qc, Reason, RefundTo, Return, ReturnEvent, ReturnKind, ReturnLine,
    ReturnMove, ReturnStatus, ReturnStep,
};
use paduka_domain::{OrderId, Paise, ProductId, ReturnId, UserId};
use paduka_test_support::builders::{OrderBuilder, UserBuilder};
use paduka_test_support::time::now;

use super::*;
use crate::accounts::MockUserRepository;
use crate::catalog::CatalogRevision;
use crate::orders::{
    CreditNotes, InvoiceSettings, Invoicing, MockCreditNoteRepository, MockInvoiceRenderer,
};
use crate::testing::fakes::{FakeCourier, FakeGateway, FakeIds, FakeMailer, FakeOrders};
use crate::testing::{FAKE_PDF, admin, clock, invoicing, shopper};

fn ret(status: ReturnStatus, qc: Option<Qc>) -> Return {
    Return {
        id: ReturnId::new("ret-1"),
        number: 1,
        order_id: OrderId::new("ord-1"),
        replacement_order_id: None,
        user_id: UserId::new("shopper-1"),
        status,
        qc,
        lines: vec![ReturnLine {
            line: 0,
            product: ProductId::new("p1"),
            name: "Kolhapuri".to_owned(),
            size_index: 0,
            size_label: Some("UK 7".to_owned()),
            color: String::new(),
            new_size: None,
            new_color: String::new(),
            quantity: 1,
            reason: Reason::TooSmall,
            kind: ReturnKind::Refund,
            amount: Paise::from_stored(99_950),
        }],
        refund_amount: Paise::from_stored(99_950),
        refund_to: None,
        refund_reference: None,
        refunded_at: None,
        credit_note_no: None,
        created_at: now(),
        updated_at: now(),
        events: vec![ReturnEvent {
            status,
            at: now(),
            note: None,
        }],
        pickup: None,
    }
}

fn claim(method: PaymentMethod, to: Option<RefundTo>, reference: Option<&str>) -> RefundClaim {
    RefundClaim {
        qc: Some(Qc::Passed),
        refund_to: to,
        reference: reference.map(str::to_owned),
        refund_amount: Paise::from_stored(99_950),
        payment_method: method,
        payment_id: "pay_1".to_owned(),
        amount_rupees: 2_000,
        credit_used_rupees: 0,
    }
}

#[derive(Default)]
struct Shop {
    gateway: Arc<FakeGateway>,
    mailer: Arc<FakeMailer>,
    /// The PDF renderer fails on credit notes.
    notes_undrawable: bool,
    courier: Arc<FakeCourier>,
    orders: Arc<FakeOrders>,
}

impl Shop {
    fn service(&self, returns: MockReturnRepository) -> ReturnService {
        let mut users = MockUserRepository::new();
        users
            .expect_find()
            .returning(|_| Ok(Some(UserBuilder::shopper("shopper-1").build())));
        ReturnService::new(ReturnPorts {
            returns: Arc::new(returns),
            gateway: self.gateway.clone(),
            users: Arc::new(users),
            mailer: self.mailer.clone(),
            credit_notes: credit_notes(self.notes_undrawable),
            clock: Arc::new(clock()),
            ids: Arc::new(FakeIds::default()),
            orders: self.orders.clone(),
            courier: self.courier.clone(),
            catalog_revision: CatalogRevision::default(),
            window_days: 7,
        })
    }
}

/// `CN/25-26/000001`, issued for `ret-1` on `ord-1` (invoiced): the only credit note there is;
/// drawn as [`FAKE_PDF`] unless `undrawable`.
fn credit_notes(undrawable: bool) -> Arc<CreditNotes> {
    let mut notes = MockCreditNoteRepository::new();
    notes.expect_find().returning(|number| {
        Ok((number == "CN/25-26/000001").then(|| CreditNote {
            number: number.to_owned(),
            order_id: OrderId::new("ord-1"),
            source: CreditNoteSource::Return("ret-1".to_owned()),
            issued_at: now(),
            amount: Paise::from_stored(84_900),
            lines: vec![CreditedLine {
                line: 0,
                quantity: 1,
                amount: Paise::from_stored(84_900),
            }],
        }))
    });
    let orders = FakeOrders::default();
    orders.holds(OrderBuilder::new("ord-1").build());
    let invoicing = if undrawable {
        let mut renderer = MockInvoiceRenderer::new();
        renderer
            .expect_render_credit_note()
            .returning(|_| Err(anyhow::anyhow!("no fonts")));
        Arc::new(Invoicing::new(
            InvoiceSettings::default(),
            Arc::new(renderer),
        ))
    } else {
        invoicing()
    };
    Arc::new(CreditNotes::new(
        Arc::new(notes),
        Arc::new(orders),
        invoicing,
    ))
}

/// A repository holding `ret-1` as `stored`, whose completion records the reference it is
/// given (kept in `completed`).
fn holding(
    stored: Return,
    claim: RefundClaim,
    completed: Arc<Mutex<Vec<Option<String>>>>,
) -> MockReturnRepository {
    let mut returns = MockReturnRepository::new();
    let found = stored.clone();
    returns
        .expect_find()
        .returning(move |_| Ok(Some(found.clone())));
    let read = claim.clone();
    returns
        .expect_refund_claim()
        .returning(move |_| Ok(read.clone()));
    returns
        .expect_fix_refund()
        .returning(move |_, to, reference| {
            Ok(RefundClaim {
                refund_to: Some(to),
                reference,
                ..claim.clone()
            })
        });
    returns
        .expect_complete()
        .returning(move |_, reference, _, _| {
            completed.lock().unwrap().push(reference.clone());
            let mut done = stored.clone();
            done.status = ReturnStatus::Completed;
            done.refund_reference = reference;
            // As the adapter does: a refunded return of an invoiced order gets a credit note.
            if done.qc == Some(Qc::Passed) {
                done.credit_note_no = Some("CN/25-26/000001".to_owned());
            }
            Ok(Stepped {
                ret: done,
                moved: true,
            })
        });
    returns
}

#[tokio::test]
async fn an_online_return_is_refunded_once_through_the_provider_by_its_key() {
    let shop = Shop::default();
    let completed = Arc::default();
    let returns = holding(
        ret(ReturnStatus::Received, Some(Qc::Passed)),
        claim(PaymentMethod::Online, None, None),
        Arc::clone(&completed),
    );
    let done = shop
        .service(returns)
        .complete(&admin(), &ReturnId::new("ret-1"), None, None)
        .await
        .unwrap();
    assert_eq!(done.status, ReturnStatus::Completed);
    assert_eq!(shop.gateway.refunds_asked(), ["pay_1 99950 return:ret-1"]);
    assert_eq!(*completed.lock().unwrap(), [Some("rfnd_1".to_owned())]);
    assert_eq!(
        shop.mailer.subjects(),
        ["Your return RET-000001 is Completed"]
    );
}

#[tokio::test]
async fn a_completed_return_is_answered_as_it_is_without_paying_again() {
    let shop = Shop::default();
    let completed = Arc::default();
    let returns = holding(
        ret(ReturnStatus::Completed, Some(Qc::Passed)),
        claim(PaymentMethod::Online, Some(RefundTo::Original), None),
        Arc::clone(&completed),
    );
    let done = shop
        .service(returns)
        .complete(&admin(), &ReturnId::new("ret-1"), None, None)
        .await
        .unwrap();
    assert_eq!(done.status, ReturnStatus::Completed);
    assert!(shop.gateway.refunds_asked().is_empty());
    assert!(completed.lock().unwrap().is_empty());
    assert!(shop.mailer.subjects().is_empty());
}

#[tokio::test]
async fn a_refused_refund_leaves_the_return_received_and_a_retry_uses_the_same_key() {
    let shop = Shop::default();
    shop.gateway.refuses_refunds();
    let completed = Arc::default();
    let returns = holding(
        ret(ReturnStatus::Received, Some(Qc::Passed)),
        claim(PaymentMethod::Online, None, None),
        Arc::clone(&completed),
    );
    let service = shop.service(returns);
    let id = ReturnId::new("ret-1");
    for _ in 0..2 {
        let error = service
            .complete(&admin(), &id, None, None)
            .await
            .unwrap_err();
        assert!(matches!(error, ReturnError::RefundFailed(_)), "{error:?}");
    }
    assert_eq!(
        shop.gateway.refunds_asked(),
        ["pay_1 99950 return:ret-1", "pay_1 99950 return:ret-1"]
    );
    assert!(completed.lock().unwrap().is_empty());
}

#[tokio::test]
async fn a_cod_return_is_paid_out_with_its_reference_or_refused_without_one() {
    let shop = Shop::default();
    let completed = Arc::default();
    let returns = holding(
        ret(ReturnStatus::Received, Some(Qc::Passed)),
        claim(PaymentMethod::Cod, None, None),
        Arc::clone(&completed),
    );
    let service = shop.service(returns);
    let id = ReturnId::new("ret-1");
    let error = service
        .complete(&admin(), &id, Some(RefundTo::Bank), None)
        .await
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "A bank or UPI refund needs its reference"
    );
    service
        .complete(
            &admin(),
            &id,
            Some(RefundTo::Bank),
            Some("UTR42".to_owned()),
        )
        .await
        .unwrap();
    assert!(shop.gateway.refunds_asked().is_empty());
    assert_eq!(*completed.lock().unwrap(), [Some("UTR42".to_owned())]);
}

#[tokio::test]
async fn a_failed_qc_completes_with_nothing_refunded() {
    let shop = Shop::default();
    let completed = Arc::default();
    let returns = holding(
        ret(ReturnStatus::Received, Some(Qc::Failed)),
        RefundClaim {
            qc: Some(Qc::Failed),
            ..claim(PaymentMethod::Online, None, None)
        },
        Arc::clone(&completed),
    );
    shop.service(returns)
        .complete(&admin(), &ReturnId::new("ret-1"), None, None)
        .await
        .unwrap();
    assert!(shop.gateway.refunds_asked().is_empty());
    assert_eq!(*completed.lock().unwrap(), [None]);
    let mail = only_mail(&shop);
    assert!(mail.attachments.is_empty());
    assert!(!mail.text.contains("Refund:"), "{}", mail.text);
}

#[tokio::test]
async fn a_return_not_yet_received_cannot_be_completed() {
    let shop = Shop::default();
    let returns = holding(
        ret(ReturnStatus::Approved, None),
        claim(PaymentMethod::Online, None, None),
        Arc::default(),
    );
    let error = shop
        .service(returns)
        .complete(&admin(), &ReturnId::new("ret-1"), None, None)
        .await
        .unwrap_err();
    assert_eq!(error.to_string(), "Return is Approved");
}

#[tokio::test]
async fn a_rejection_needs_a_note_and_refusals_read_as_the_spec_says() {
    let shop = Shop::default();
    let mut returns = MockReturnRepository::new();
    returns
        .expect_step()
        .returning(|_, step, owner, _, _| match (step, owner) {
            (ReturnStep::Cancel, Some(_)) => {
                Err(crate::RepoError::Conflict(ReturnConflict::NotOwner))
            }
            _ => Err(crate::RepoError::Conflict(ReturnConflict::OutOfStock {
                name: "Kolhapuri".to_owned(),
                size: Some("UK 8".to_owned()),
                left: 0,
            })),
        });
    let service = shop.service(returns);
    let id = ReturnId::new("ret-1");
    let error = service
        .admin_step(&admin(), &id, ReturnStep::Reject, Some("  ".to_owned()))
        .await
        .unwrap_err();
    assert_eq!(error.to_string(), "A rejection needs a note");
    let error = service
        .admin_step(&admin(), &id, ReturnStep::Approve, None)
        .await
        .unwrap_err();
    assert_eq!(error.to_string(), "Only 0 left of Kolhapuri (UK 8)");
    let error = service.cancel(&shopper(), &id).await.unwrap_err();
    assert!(matches!(error, ReturnError::Forbidden));
}

/// The one mail the shopper got.
fn only_mail(shop: &Shop) -> crate::mail::Mail {
    let sent = shop.mailer.sent();
    assert_eq!(sent.len(), 1, "{sent:?}");
    sent.into_iter().next().unwrap()
}

#[tokio::test]
async fn the_completion_mail_carries_the_credit_note_and_says_where_the_refund_went() {
    let shop = Shop::default();
    // ₹500 of the ₹2,000 order was paid with store credit: floor(999.50 x 500 / 2000) = ₹249
    // of this refund goes back as credit, the rest through the provider.
    let returns = holding(
        ret(ReturnStatus::Received, Some(Qc::Passed)),
        RefundClaim {
            credit_used_rupees: 500,
            ..claim(PaymentMethod::Online, None, None)
        },
        Arc::default(),
    );
    shop.service(returns)
        .complete(&admin(), &ReturnId::new("ret-1"), None, None)
        .await
        .unwrap();
    let mail = only_mail(&shop);
    assert_eq!(mail.subject, "Your return RET-000001 is Completed");
    assert_eq!(mail.attachments.len(), 1);
    assert_eq!(
        mail.attachments[0].file_name,
        "credit-note-CN-25-26-000001.pdf"
    );
    assert_eq!(mail.attachments[0].content_type, "application/pdf");
    assert_eq!(mail.attachments[0].bytes, FAKE_PDF);
    for said in [
        "Refund: ₹999.50.",
        "₹750.50 goes back to your original payment method (reference rfnd_1).",
        "₹249, the part you paid with store credit, is back in your store credit.",
        "Our credit note CN/25-26/000001 for it is attached.",
    ] {
        assert!(mail.text.contains(said), "{said} not in {}", mail.text);
        assert!(mail.html.contains(said), "{said} not in {}", mail.html);
    }
}

#[tokio::test]
async fn a_cod_completion_mail_tells_the_store_credit_or_the_payout_s_reference() {
    for (to, reference, said) in [
        (
            None,
            None,
            "₹1,000 is added to your store credit, to spend on your next order.",
        ),
        (
            Some(RefundTo::Bank),
            Some("UTR42"),
            "₹999.50 was paid to your bank or UPI account (reference UTR42).",
        ),
    ] {
        let shop = Shop::default();
        let returns = holding(
            ret(ReturnStatus::Received, Some(Qc::Passed)),
            claim(PaymentMethod::Cod, None, None),
            Arc::default(),
        );
        shop.service(returns)
            .complete(
                &admin(),
                &ReturnId::new("ret-1"),
                to,
                reference.map(str::to_owned),
            )
            .await
            .unwrap();
        let mail = only_mail(&shop);
        assert!(mail.text.contains(said), "{said} not in {}", mail.text);
        assert_eq!(mail.attachments.len(), 1);
    }
}

#[tokio::test]
async fn a_credit_note_that_cannot_be_drawn_leaves_the_mail_without_it_but_named() {
    let shop = Shop {
        notes_undrawable: true,
        ..Shop::default()
    };
    let returns = holding(
        ret(ReturnStatus::Received, Some(Qc::Passed)),
        claim(PaymentMethod::Online, None, None),
        Arc::default(),
    );
    let done = shop
        .service(returns)
        .complete(&admin(), &ReturnId::new("ret-1"), None, None)
        .await
        .unwrap();
    assert_eq!(done.status, ReturnStatus::Completed);
    let mail = only_mail(&shop);
    assert!(mail.attachments.is_empty());
    assert!(
        mail.text
            .contains("Our credit note for it is CN/25-26/000001."),
        "{}",
        mail.text
    );
}

/// `step` taken on the held return as its lifecycle says.
fn take_step(
    held: &Mutex<Return>,
    step: ReturnStep,
    note: Option<String>,
    at: chrono::DateTime<chrono::Utc>,
) -> Result<Stepped, crate::RepoError<ReturnConflict>> {
    let mut ret = held.lock().unwrap();
    let moved = match ret.lifecycle().step(step) {
        Err(refusal) => return Err(crate::RepoError::Conflict(refusal.into())),
        Ok(ReturnMove::Unchanged) => false,
        Ok(ReturnMove::Move { to, .. }) => {
            ret.status = to;
            ret.events.push(ReturnEvent {
                status: to,
                at,
                note,
            });
            true
        }
    };
    Ok(Stepped {
        ret: ret.clone(),
        moved,
    })
}

/// A repository holding one return, `stored`, moved as the lifecycle says; how often a pickup
/// was recorded is counted in `recorded`.
fn stateful(stored: Arc<Mutex<Return>>, recorded: Arc<Mutex<u32>>) -> MockReturnRepository {
    let mut returns = MockReturnRepository::new();
    let held = Arc::clone(&stored);
    returns
        .expect_step()
        .returning(move |_, step, _, note, at| take_step(&held, step, note, at));
    let held = Arc::clone(&stored);
    returns
        .expect_pick_up()
        .returning(move |_, _, note, at| take_step(&held, ReturnStep::PickUp, note, at));
    let held = Arc::clone(&stored);
    returns.expect_record_pickup().returning(move |_, booking| {
        *recorded.lock().unwrap() += 1;
        let mut ret = held.lock().unwrap();
        ret.pickup = Some(Pickup {
            courier: booking.courier.clone(),
            awb: booking.awb.clone(),
            tracking_url: booking.tracking_url.clone(),
            arrived_at: None,
        });
        Ok(ret.clone())
    });
    let held = Arc::clone(&stored);
    returns
        .expect_find()
        .returning(move |_| Ok(Some(held.lock().unwrap().clone())));
    let held = Arc::clone(&stored);
    returns.expect_find_by_pickup_awb().returning(move |awb| {
        let ret = held.lock().unwrap();
        Ok((ret.pickup.as_ref().map(|p| &p.awb) == Some(awb)).then(|| ret.id.clone()))
    });
    returns.expect_mark_arrived().returning(move |_, at| {
        let mut ret = stored.lock().unwrap();
        let status = ret.status;
        let pickup = ret.pickup.as_mut().expect("a booked pickup");
        if pickup.arrived_at.is_none() {
            pickup.arrived_at = Some(at);
            ret.events.push(ReturnEvent {
                status,
                at,
                note: Some(Pickup::ARRIVED.to_owned()),
            });
        }
        Ok(ret.clone())
    });
    returns
}

impl Shop {
    /// The shop holding `ret-1` (requested) of the order `ord-1`, with a courier that books
    /// reverse pickups when `books_returns`.
    fn with_a_requested_return(
        &self,
        books_returns: bool,
    ) -> (ReturnService, Arc<Mutex<Return>>, Arc<Mutex<u32>>) {
        if books_returns {
            self.courier.books_returns();
        }
        self.orders.holds(OrderBuilder::new("ord-1").build());
        let stored = Arc::new(Mutex::new(ret(ReturnStatus::Requested, None)));
        let recorded = Arc::default();
        let service = self.service(stateful(Arc::clone(&stored), Arc::clone(&recorded)));
        (service, stored, recorded)
    }
}

async fn approve(service: &ReturnService) -> Result<Return, ReturnError> {
    service
        .admin_step(&admin(), &ReturnId::new("ret-1"), ReturnStep::Approve, None)
        .await
}

#[tokio::test]
async fn approving_books_the_reverse_pickup_once_and_keeps_it_on_the_return() {
    let shop = Shop::default();
    let (service, _, recorded) = shop.with_a_requested_return(true);

    let approved = approve(&service).await.unwrap();

    assert_eq!(approved.status, ReturnStatus::Approved);
    let pickup = approved.pickup.expect("the pickup is on the return");
    assert_eq!(pickup.awb.as_str(), "RP-RET-000001");
    assert_eq!(pickup.courier.as_str(), "Xpressbees Reverse");
    let asked = shop.courier.returns_asked();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].number, "RET-000001");
    assert_eq!(asked[0].order.id.as_str(), "ord-1");
    assert_eq!(asked[0].items, [(0, 1)], "the returned line's pairs");
    assert_eq!(
        asked[0].buyer.phone.as_deref(),
        Some(UserBuilder::shopper("shopper-1").build().phone.as_str()),
        "the account's phone, as shipping names the buyer"
    );

    // Approved again (a double click): already booked, nothing is asked of the courier.
    let again = approve(&service).await.unwrap();
    assert_eq!(again.pickup.unwrap().awb.as_str(), "RP-RET-000001");
    assert_eq!(shop.courier.returns_asked().len(), 1);
    assert_eq!(*recorded.lock().unwrap(), 1);
    assert_eq!(
        shop.mailer.subjects(),
        ["Your return RET-000001 is Approved"],
        "one mail, for the one move"
    );
    let mail = only_mail(&shop);
    let said = "Pickup by Xpressbees Reverse, AWB RP-RET-000001.";
    assert!(mail.text.contains(said), "{said} not in {}", mail.text);
    assert!(mail.html.contains(said), "{said} not in {}", mail.html);
}

#[tokio::test]
async fn a_courier_not_answering_leaves_the_return_approved_and_approving_again_books() {
    let shop = Shop::default();
    let (service, stored, recorded) = shop.with_a_requested_return(true);
    shop.courier.is_down();

    let error = approve(&service).await.unwrap_err();

    assert!(
        matches!(error, ReturnError::CourierUnavailable(_)),
        "{error:?}"
    );
    assert_eq!(error.to_string(), "Courier is not answering, try again");
    assert_eq!(
        stored.lock().unwrap().status,
        ReturnStatus::Approved,
        "the approval stands"
    );
    assert_eq!(stored.lock().unwrap().pickup, None);
    assert_eq!(*recorded.lock().unwrap(), 0);
    assert_eq!(
        shop.mailer.subjects(),
        ["Your return RET-000001 is Approved"]
    );

    shop.courier.is_up();
    let retried = approve(&service).await.unwrap();

    assert_eq!(retried.status, ReturnStatus::Approved);
    assert_eq!(retried.pickup.unwrap().awb.as_str(), "RP-RET-000001");
    assert_eq!(
        shop.courier.returns_asked().len(),
        2,
        "asked again on the retry"
    );
    assert_eq!(*recorded.lock().unwrap(), 1);
    assert_eq!(
        shop.mailer.subjects().len(),
        1,
        "no second mail for the retry"
    );
}

#[tokio::test]
async fn with_the_manual_courier_approving_books_no_pickup() {
    let shop = Shop::default();
    let (service, _, recorded) = shop.with_a_requested_return(false);

    let approved = approve(&service).await.unwrap();

    assert_eq!(approved.status, ReturnStatus::Approved);
    assert_eq!(approved.pickup, None);
    assert_eq!(*recorded.lock().unwrap(), 0);
    // Picked up by hand, as before.
    let picked = service
        .admin_step(&admin(), &ReturnId::new("ret-1"), ReturnStep::PickUp, None)
        .await
        .unwrap();
    assert_eq!(picked.status, ReturnStatus::PickedUp);
}

fn pickup_update(awb: &str, progress: Option<PickupProgress>) -> PickupUpdate {
    PickupUpdate {
        awb: Awb::parse(awb).unwrap(),
        progress,
        status: "whatever Shiprocket said".to_owned(),
        at: now(),
    }
}

#[tokio::test]
async fn the_courier_s_reports_pick_the_return_up_then_mark_it_arrived_each_once() {
    let shop = Shop::default();
    let (service, stored, _) = shop.with_a_requested_return(true);
    approve(&service).await.unwrap();

    let unknown = service
        .pickup_update(pickup_update(
            "SOMEONE-ELSE",
            Some(PickupProgress::Collected),
        ))
        .await
        .unwrap();
    assert_eq!(unknown, None, "an AWB no return has is ignored");
    let before = service
        .pickup_update(pickup_update("RP-RET-000001", None))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        before.status,
        ReturnStatus::Approved,
        "out for pickup moves nothing"
    );

    for _ in 0..3 {
        let picked = service
            .pickup_update(pickup_update(
                "RP-RET-000001",
                Some(PickupProgress::Collected),
            ))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(picked.status, ReturnStatus::PickedUp);
    }
    for _ in 0..3 {
        let arrived = service
            .pickup_update(pickup_update(
                "RP-RET-000001",
                Some(PickupProgress::Arrived),
            ))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            arrived.status,
            ReturnStatus::PickedUp,
            "QC is still the admin's"
        );
        assert_eq!(arrived.pickup.unwrap().arrived_at, Some(now()));
    }
    let notes: Vec<_> = (stored.lock().unwrap().events.iter())
        .map(|e| (e.status, e.note.clone()))
        .collect();
    assert_eq!(
        notes,
        [
            (ReturnStatus::Requested, None),
            (ReturnStatus::Approved, None),
            (ReturnStatus::PickedUp, None),
            (
                ReturnStatus::PickedUp,
                Some("Arrived at the shop".to_owned())
            ),
        ]
    );
    assert_eq!(
        shop.mailer.subjects(),
        [
            "Your return RET-000001 is Approved",
            "Your return RET-000001 is Picked up"
        ]
    );
}

#[tokio::test]
async fn a_parcel_delivered_to_the_shop_without_a_pickup_report_is_picked_up_and_arrived() {
    let shop = Shop::default();
    let (service, _, _) = shop.with_a_requested_return(true);
    approve(&service).await.unwrap();

    let arrived = service
        .pickup_update(pickup_update(
            "RP-RET-000001",
            Some(PickupProgress::Arrived),
        ))
        .await
        .unwrap()
        .unwrap();

    assert_eq!(arrived.status, ReturnStatus::PickedUp);
    assert!(arrived.pickup.unwrap().arrived_at.is_some());
}

#[tokio::test]
async fn a_late_pickup_report_on_a_received_return_moves_nothing() {
    let shop = Shop::default();
    let (service, stored, _) = shop.with_a_requested_return(true);
    approve(&service).await.unwrap();
    stored.lock().unwrap().status = ReturnStatus::Received;

    let late = service
        .pickup_update(pickup_update(
            "RP-RET-000001",
            Some(PickupProgress::Collected),
        ))
        .await
        .unwrap()
        .unwrap();

    assert_eq!(late.status, ReturnStatus::Received);
}

#[tokio::test]
async fn a_pickup_makes_the_replacement_order_under_a_new_order_id() {
    let shop = Shop::default();
    let mut returns = MockReturnRepository::new();
    returns.expect_step().never();
    returns
        .expect_pick_up()
        .times(1)
        .returning(|_, replacement, note, _| {
            let mut picked = ret(ReturnStatus::PickedUp, None);
            picked.replacement_order_id = Some(replacement.clone());
            picked.events[0].note = note;
            Ok(Stepped {
                ret: picked,
                moved: true,
            })
        });
    let picked = shop
        .service(returns)
        .admin_step(
            &admin(),
            &ReturnId::new("ret-1"),
            ReturnStep::PickUp,
            Some(" by Delhivery ".to_owned()),
        )
        .await
        .unwrap();
    // The id generator's first id, as every new order's.
    assert_eq!(picked.replacement_order_id, Some(OrderId::new("id-1")));
    assert_eq!(picked.events[0].note.as_deref(), Some("by Delhivery"));
    let mail = only_mail(&shop);
    let said = "Your new size ships as order id-1, at no cost.";
    assert!(mail.text.contains(said), "{said} not in {}", mail.text);
}
