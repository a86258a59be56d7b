//! `ReturnService` over a mocked repository and the fake provider and mailer.

use std::sync::{Arc, Mutex};

use paduka_domain::order::PaymentMethod;
use paduka_domain::returns::{
    Qc, Reason, RefundTo, Return, ReturnEvent, ReturnKind, ReturnLine, ReturnStatus, ReturnStep,
};
use paduka_domain::{OrderId, Paise, ProductId, ReturnId, UserId};
use paduka_test_support::builders::UserBuilder;
use paduka_test_support::time::now;

use super::*;
use crate::accounts::MockUserRepository;
use crate::catalog::CatalogRevision;
use crate::testing::fakes::{FakeGateway, FakeIds, FakeMailer};
use crate::testing::{admin, clock, shopper};

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
            new_size: None,
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
            clock: Arc::new(clock()),
            ids: Arc::new(FakeIds::default()),
            catalog_revision: CatalogRevision::default(),
            window_days: 7,
        })
    }
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
    assert_eq!(shop.mailer.subjects().len(), 1, "the shopper is told");
}
