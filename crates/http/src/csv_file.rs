//! The catalog's CSV files as bytes (decisions D28), with the `csv` crate: quoting, commas,
//! line breaks inside fields. What the cells mean is the domain's (`catalog::import`).

use paduka_domain::catalog::import::{Row, Table};

use crate::ApiError;

/// The table as CSV: UTF-8 without a byte order mark, CRLF line ends, fields quoted when they
/// need it.
pub fn write_table(table: &Table) -> Result<Vec<u8>, ApiError> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    let unexpected = |e: csv::Error| ApiError::Unexpected(e.into());
    writer.write_record(&table.header).map_err(unexpected)?;
    for row in &table.rows {
        writer.write_record(&row.cells).map_err(unexpected)?;
    }
    writer
        .into_inner()
        .map_err(|e| ApiError::Unexpected(anyhow::anyhow!("writing the CSV failed: {e}")))
}

/// A CSV file's rows, each with the line it starts on. Its first row is the header; rows may
/// have fewer or more cells than it. A UTF-8 byte order mark (as spreadsheets write) is
/// skipped.
pub fn read_table(bytes: &[u8]) -> Result<Table, ApiError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(bytes);
    let mut table = Table::default();
    let mut record = csv::StringRecord::new();
    let mut first = true;
    let mut lines = LineCounter::default();
    loop {
        match reader.read_record(&mut record) {
            Ok(false) => break,
            Ok(true) => {
                let cells: Vec<String> = record.iter().map(str::to_owned).collect();
                if first {
                    table.header = cells;
                    first = false;
                } else {
                    let start = record.position().map_or(0, csv::Position::byte);
                    let line = lines.line_at(bytes, usize::try_from(start).unwrap_or(0));
                    table.rows.push(Row { line, cells });
                }
            }
            Err(error) => return Err(unreadable(&error)),
        }
    }
    if first {
        return Err(ApiError::bad_request("The CSV file is empty"));
    }
    Ok(table)
}

/// The line a record starts on, from its byte offset. The reader's own line count is taken
/// before a CRLF's `\n`, so after `\r\n` it is one short; counting the bytes is exact.
#[derive(Default)]
struct LineCounter {
    offset: usize,
    line: u64,
}

impl LineCounter {
    /// Offsets only grow, so each byte is counted once.
    fn line_at(&mut self, bytes: &[u8], start: usize) -> u64 {
        // A record's position may sit on the previous record's line end.
        let start = start
            + bytes
                .get(start..)
                .unwrap_or_default()
                .iter()
                .take_while(|b| matches!(b, b'\r' | b'\n'))
                .count();
        let start = start.min(bytes.len()).max(self.offset);
        self.line += bytes[self.offset..start]
            .iter()
            .filter(|b| **b == b'\n')
            .count() as u64;
        self.offset = start;
        self.line + 1
    }
}

fn unreadable(error: &csv::Error) -> ApiError {
    let line = error.position().map(csv::Position::line);
    let what = match error.kind() {
        csv::ErrorKind::Utf8 { .. } => "is not UTF-8 text".to_owned(),
        _ => format!("cannot be read as CSV ({error})"),
    };
    match line {
        Some(line) => ApiError::bad_request(format!("The file {what} at line {line}")),
        None => ApiError::bad_request(format!("The file {what}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: &[&[&str]]) -> Table {
        Table {
            header: vec!["Handle".into(), "Title".into()],
            rows: rows
                .iter()
                .enumerate()
                .map(|(i, cells)| Row {
                    line: i as u64 + 2,
                    cells: cells.iter().map(|c| (*c).to_owned()).collect(),
                })
                .collect(),
        }
    }

    #[test]
    fn quotes_commas_line_breaks_and_hindi_round_trip_with_their_lines() {
        let written = table(&[
            &["jutti", "जूती \"classic\", tan"],
            &["two-lines", "first\nsecond"],
            &["after", "plain"],
        ]);
        let bytes = write_table(&written).unwrap();
        let text = String::from_utf8(bytes.clone()).unwrap();
        assert!(text.starts_with("Handle,Title\r\njutti,\"जूती \"\"classic\"\", tan\"\r\n"));
        let read = read_table(&bytes).unwrap();
        assert_eq!(read.header, written.header);
        assert_eq!(read.rows[0].cells, written.rows[0].cells);
        assert_eq!(read.rows[1].cells[1], "first\nsecond");
        // The row after a quoted line break starts two lines on.
        assert_eq!(
            read.rows.iter().map(|r| r.line).collect::<Vec<_>>(),
            [2, 3, 5]
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_bad_bytes_are_refused_with_their_line() {
        let read = read_table(b"\xEF\xBB\xBFHandle,Title\r\na,A\r\n").unwrap();
        assert_eq!(read.header[0], "Handle");
        let refused = read_table(b"Handle,Title\na,\xff\n").unwrap_err();
        assert_eq!(refused.to_string(), "The file is not UTF-8 text at line 2");
        assert_eq!(
            read_table(b"").unwrap_err().to_string(),
            "The CSV file is empty"
        );
    }
}
