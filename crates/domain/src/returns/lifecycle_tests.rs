use super::*;

/// An outcome as the table writes it: `-> STATUS +gives` when it moves, `=` when nothing
/// changes, else `409 <message>`.
fn shown(result: Result<ReturnMove, ReturnRefusal>) -> String {
    match result {
        Ok(ReturnMove::Unchanged) => "=".to_owned(),
        Ok(ReturnMove::Move { to, gives }) => {
            let mut text = format!("-> {}", to.as_str());
            for (given, name) in [
                (gives.reserved_sizes_back, "sizes"),
                (gives.returned_to_stock, "stock"),
                (gives.replacement, "replacement"),
                (gives.refund, "refund"),
            ] {
                if given {
                    text.push_str(" +");
                    text.push_str(name);
                }
            }
            text
        }
        Err(refusal) => format!("409 {refusal}"),
    }
}

struct Row {
    status: ReturnStatus,
    qc: Option<Qc>,
    /// Approve, Reject, PickUp, Receive(passed), Receive(failed), Complete, Cancel.
    steps: [&'static str; 7],
}

const REQ: &str = "409 Return is Requested";
const APP: &str = "409 Return is Approved";
const PIC: &str = "409 Return is Picked up";
const REC: &str = "409 Return is Received";
const COM: &str = "409 Return is Completed";
const REJ: &str = "409 Return is Rejected";
const CAN: &str = "409 Return is Cancelled";

#[rustfmt::skip]
const TABLE: [Row; 8] = {
    use ReturnStatus::*;
    [
        Row { status: Requested, qc: None, steps: ["-> Approved", "-> Rejected +sizes", REQ, REQ, REQ, REQ, "-> Cancelled +sizes"] },
        Row { status: Approved, qc: None, steps: ["=", "-> Rejected +sizes", "-> Picked up +replacement", APP, APP, APP, "-> Cancelled +sizes"] },
        Row { status: PickedUp, qc: None, steps: [PIC, PIC, "=", "-> Received +stock", "-> Received", PIC, PIC] },
        Row { status: Received, qc: Some(Qc::Passed), steps: [REC, REC, REC, "=", REC, "-> Completed +refund", REC] },
        Row { status: Received, qc: Some(Qc::Failed), steps: [REC, REC, REC, REC, "=", "-> Completed", REC] },
        Row { status: Completed, qc: Some(Qc::Passed), steps: [COM, COM, COM, COM, COM, "=", COM] },
        Row { status: Rejected, qc: None, steps: [REJ, "=", REJ, REJ, REJ, REJ, REJ] },
        Row { status: Cancelled, qc: None, steps: [CAN, CAN, CAN, CAN, CAN, CAN, "="] },
    ]
};

#[test]
fn every_status_answers_every_step_as_the_table_says() {
    for row in &TABLE {
        let at = ReturnLifecycle::new(row.status, row.qc);
        for (step, expected) in ReturnStep::ALL.into_iter().zip(row.steps) {
            assert_eq!(
                shown(at.step(step)),
                expected,
                "{:?} (QC {:?}): {step:?}",
                row.status,
                row.qc
            );
        }
    }
}

#[test]
fn the_table_has_every_status() {
    for status in ReturnStatus::ALL {
        assert!(TABLE.iter().any(|row| row.status == status), "{status:?}");
    }
}

#[test]
fn a_completed_return_after_a_failed_qc_refunds_nothing_and_stays_put() {
    let at = ReturnLifecycle::new(ReturnStatus::Completed, Some(Qc::Failed));
    for step in ReturnStep::ALL {
        let expected = if step == ReturnStep::Complete {
            "="
        } else {
            COM
        };
        assert_eq!(shown(at.step(step)), expected, "{step:?}");
    }
}

/// Walking any sequence of steps from `Requested`, each thing is given at most once, stock
/// back only after a passed QC, and the reserved sizes back only before pickup.
#[test]
fn every_path_gives_each_thing_at_most_once() {
    fn walk(at: ReturnLifecycle, given: [u8; 4], depth: u8) {
        assert!(given.iter().all(|n| *n <= 1), "{given:?} at {at:?}");
        if depth == 0 {
            return;
        }
        for step in ReturnStep::ALL {
            if let Ok(ReturnMove::Move { to, gives }) = at.step(step) {
                let qc = match step {
                    ReturnStep::Receive(qc) => Some(qc),
                    _ => at.qc,
                };
                if gives.returned_to_stock || gives.refund {
                    assert_eq!(qc, Some(Qc::Passed));
                }
                let next = [
                    given[0] + u8::from(gives.reserved_sizes_back),
                    given[1] + u8::from(gives.returned_to_stock),
                    given[2] + u8::from(gives.replacement),
                    given[3] + u8::from(gives.refund),
                ];
                assert!(!(next[0] == 1 && next[2] == 1), "sizes back after pickup");
                walk(ReturnLifecycle::new(to, qc), next, depth - 1);
            }
        }
    }
    walk(
        ReturnLifecycle::new(ReturnStatus::Requested, None),
        [0; 4],
        8,
    );
}

#[test]
fn statuses_are_stored_as_their_text_and_read_back() {
    let texts = ReturnStatus::ALL.map(ReturnStatus::as_str);
    assert_eq!(
        texts,
        [
            "Requested",
            "Approved",
            "Picked up",
            "Received",
            "Completed",
            "Rejected",
            "Cancelled"
        ]
    );
    for status in ReturnStatus::ALL {
        assert_eq!(ReturnStatus::from_stored(status.as_str()), Some(status));
        assert_eq!(
            ReturnStatus::parse(&format!(" {} ", status.as_str())),
            Ok(status)
        );
    }
    for unknown in ["", "requested", "Picked Up", "Refunded"] {
        assert_eq!(ReturnStatus::from_stored(unknown), None, "{unknown:?}");
    }
    assert_eq!(Qc::parse("passed"), Ok(Qc::Passed));
    assert_eq!(Qc::parse("failed"), Ok(Qc::Failed));
    assert_eq!(
        Qc::parse("ok").unwrap_err().message(),
        "QC must be passed or failed"
    );
}

#[test]
fn the_next_steps_are_the_moves_the_table_allows() {
    use ReturnStep::*;
    let expected: [&[ReturnStep]; 8] = [
        &[Approve, Reject, Cancel],
        &[Reject, PickUp, Cancel],
        &[Receive(Qc::Passed)],
        &[Complete],
        &[Complete],
        &[],
        &[],
        &[],
    ];
    for (row, next) in TABLE.iter().zip(expected) {
        let at = ReturnLifecycle::new(row.status, row.qc);
        assert_eq!(at.next(), next, "{:?} (QC {:?})", row.status, row.qc);
        // Each offered step moves, and every step that moves is offered (either QC).
        for step in ReturnStep::ALL {
            let moves = matches!(at.step(step), Ok(ReturnMove::Move { .. }));
            let offered = at.next().iter().any(|offered| match (offered, step) {
                (Receive(_), Receive(_)) => true,
                (offered, step) => *offered == step,
            });
            assert_eq!(moves, offered, "{:?}: {step:?}", row.status);
        }
    }
    assert!(
        ReturnLifecycle::new(ReturnStatus::Completed, Some(Qc::Failed))
            .next()
            .is_empty()
    );
}
