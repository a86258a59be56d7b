//! The import's photos zip as files (decisions D28), with the `zip` crate. Its limits are
//! checked from the entries while they are read, not from what the zip's headers say: a zip
//! bomb (a small file that unpacks to gigabytes) is refused once the limit is read past, and
//! nothing more of it is unpacked.

use std::io::{Cursor, Read};

use paduka_domain::catalog::import::{
    MAX_UNPACKED_BYTES, MAX_ZIP_ENTRIES, MAX_ZIP_FILE_BYTES, PhotoFiles, ZIP_TOO_MANY_FILES,
    ZIP_UNPACKS_TOO_LARGE, ZIP_UNREADABLE, zip_file_too_large,
};
use zip::ZipArchive;
use zip::result::ZipError;

use crate::ApiError;

/// Unpacks the zip: every file by its path in it (folders, and macOS's `__MACOSX/` copies,
/// left out). 413 past [`MAX_ZIP_ENTRIES`] entries, a file over [`MAX_ZIP_FILE_BYTES`] or all
/// of them over [`MAX_UNPACKED_BYTES`]; 400 for what is not a zip we can read (an encrypted
/// file, a compression other than deflate or none).
pub fn unpack(bytes: &[u8]) -> Result<PhotoFiles, ApiError> {
    // Parsing the central directory makes a record per entry it declares: a zip declaring
    // millions is refused from its end record alone (decisions section 19).
    if declared_entries(bytes).is_some_and(|n| n > MAX_ZIP_ENTRIES as u64) {
        return Err(ApiError::PayloadTooLarge(ZIP_TOO_MANY_FILES.into()));
    }
    let mut archive = ZipArchive::new(Cursor::new(bytes)).map_err(unreadable)?;
    if archive.len() > MAX_ZIP_ENTRIES {
        return Err(ApiError::PayloadTooLarge(ZIP_TOO_MANY_FILES.into()));
    }
    // What the headers say is enough to refuse, before anything is unpacked; never to
    // accept: each file is read through its own limit below.
    let mut declared = 0u64;
    for index in 0..archive.len() {
        let entry = archive.by_index_raw(index).map_err(unreadable)?;
        let name = entry.name().map_err(unreadable)?.into_owned();
        if entry.is_dir() || name.starts_with("__MACOSX/") {
            continue;
        }
        declared += entry.size();
        if let Some(refusal) = too_large(&name, entry.size(), declared) {
            return Err(refusal);
        }
    }
    let mut files = PhotoFiles::new();
    let mut unpacked = 0usize;
    for index in 0..archive.len() {
        let entry = archive.by_index(index).map_err(unreadable)?;
        let name = entry.name().map_err(unreadable)?.into_owned();
        if entry.is_dir() || name.starts_with("__MACOSX/") {
            continue;
        }
        let room = MAX_UNPACKED_BYTES - unpacked;
        let cap = MAX_ZIP_FILE_BYTES.min(room);
        let mut content = Vec::new();
        entry
            .take(cap as u64 + 1)
            .read_to_end(&mut content)
            .map_err(|e| {
                ApiError::bad_request(format!("{ZIP_UNREADABLE}: {name} cannot be unpacked ({e})"))
            })?;
        if let Some(refusal) = too_large(
            &name,
            content.len() as u64,
            (unpacked + content.len()) as u64,
        ) {
            return Err(refusal);
        }
        unpacked += content.len();
        files.insert(name, content);
    }
    Ok(files)
}

/// The end of central directory record: its signature, and its fixed size without the comment.
const END_RECORD: [u8; 4] = *b"PK\x05\x06";
const END_RECORD_LEN: usize = 22;
/// The zip64 end record's locator, just before the end record, and the zip64 end record.
const ZIP64_LOCATOR: [u8; 4] = *b"PK\x06\x07";
const ZIP64_LOCATOR_LEN: usize = 20;
const ZIP64_END_RECORD: [u8; 4] = *b"PK\x06\x06";

/// How many entries the zip's end record says its central directory holds (the zip64 end
/// record's count when the classic one is full), read from the last bytes alone; `None` when
/// no end record is found (the zip crate then says why it cannot read the file).
fn declared_entries(bytes: &[u8]) -> Option<u64> {
    let last = bytes.len().checked_sub(END_RECORD_LEN)?;
    // The record is followed only by its comment, at most 65,535 bytes.
    let first = last.saturating_sub(usize::from(u16::MAX));
    let at = (first..=last)
        .rev()
        .find(|&at| bytes[at..at + 4] == END_RECORD)?;
    let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
    let on_disk = u16_at(at + 8);
    let total = u16_at(at + 10);
    if on_disk != u16::MAX && total != u16::MAX {
        return Some(u64::from(total.max(on_disk)));
    }
    let locator = at.checked_sub(ZIP64_LOCATOR_LEN)?;
    if bytes[locator..locator + 4] != ZIP64_LOCATOR {
        return Some(u64::from(total.max(on_disk)));
    }
    let u64_at = |i: usize| -> Option<u64> {
        Some(u64::from_le_bytes(bytes.get(i..i + 8)?.try_into().ok()?))
    };
    let end64 = usize::try_from(u64_at(locator + 8)?).ok()?;
    if bytes.get(end64..end64 + 4)? != ZIP64_END_RECORD {
        // Not where the locator says: count it as full, which is past the limit anyway.
        return Some(u64::from(u16::MAX));
    }
    Some(u64_at(end64 + 24)?.max(u64_at(end64 + 32)?))
}

/// The refusal of a file of `size` bytes that brings the zip to `total`, if either is over
/// its limit.
fn too_large(name: &str, size: u64, total: u64) -> Option<ApiError> {
    if size > MAX_ZIP_FILE_BYTES as u64 {
        Some(ApiError::PayloadTooLarge(zip_file_too_large(name)))
    } else if total > MAX_UNPACKED_BYTES as u64 {
        Some(ApiError::PayloadTooLarge(ZIP_UNPACKS_TOO_LARGE.into()))
    } else {
        None
    }
}

fn unreadable(error: ZipError) -> ApiError {
    ApiError::bad_request(format!("{ZIP_UNREADABLE} ({error})"))
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use actix_web::http::StatusCode;
    use zip::CompressionMethod;
    use zip::write::{SimpleFileOptions, ZipWriter};

    use super::*;

    /// A zip of `entries` (name, size in bytes of zeros), deflated, written a megabyte at a
    /// time.
    fn zip_of(entries: &[(&str, usize)]) -> Vec<u8> {
        let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
        let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
        let zeros = vec![0u8; 1024 * 1024];
        for (name, size) in entries {
            writer.start_file(*name, options).unwrap();
            let mut left = *size;
            while left > 0 {
                let n = left.min(zeros.len());
                writer.write_all(&zeros[..n]).unwrap();
                left -= n;
            }
        }
        writer.finish().unwrap().into_inner()
    }

    fn refusal(bytes: &[u8]) -> (StatusCode, String) {
        let error = unpack(bytes).unwrap_err();
        (error.status(), error.public_message().to_owned())
    }

    #[test]
    fn files_are_unpacked_by_their_path_without_folders() {
        let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
        let options = SimpleFileOptions::default();
        writer.add_directory("photos/", options).unwrap();
        writer.start_file("photos/red.jpg", options).unwrap();
        writer.write_all(b"red").unwrap();
        writer
            .start_file("__MACOSX/photos/._red.jpg", options)
            .unwrap();
        writer.write_all(b"fork").unwrap();
        let bytes = writer.finish().unwrap().into_inner();
        let mut files = unpack(&bytes).unwrap();
        assert_eq!(files.len(), 1);
        assert_eq!(files.find("red.jpg"), Ok("photos/red.jpg"));
        assert_eq!(files.take("photos/red.jpg"), Some(b"red".to_vec()));
    }

    #[test]
    fn a_file_that_unpacks_past_20_mb_is_refused() {
        let bomb = zip_of(&[("bomb.jpg", 30 * 1024 * 1024)]);
        assert!(bomb.len() < 100 * 1024, "{} bytes", bomb.len());
        assert_eq!(
            refusal(&bomb),
            (
                StatusCode::PAYLOAD_TOO_LARGE,
                "bomb.jpg in the photos zip unpacks to more than 20 MB".into()
            )
        );
        assert!(unpack(&zip_of(&[("ok.jpg", MAX_ZIP_FILE_BYTES)])).is_ok());
    }

    #[test]
    fn files_that_unpack_past_200_mb_together_are_refused() {
        let names: Vec<String> = (0..11).map(|i| format!("{i}.jpg")).collect();
        let entries: Vec<(&str, usize)> = names
            .iter()
            .map(|n| (n.as_str(), 19 * 1024 * 1024))
            .collect();
        assert_eq!(
            refusal(&zip_of(&entries)),
            (
                StatusCode::PAYLOAD_TOO_LARGE,
                "The photos zip unpacks to more than 200 MB".into()
            )
        );
    }

    #[test]
    fn a_lying_header_does_not_let_a_file_past_its_limit() {
        // The local header and the central directory both say 10 bytes; the data unpacks
        // to 30 MB. Patch the sizes the writer wrote.
        let mut bytes = zip_of(&[("liar.jpg", 30 * 1024 * 1024)]);
        let real = (30u32 * 1024 * 1024).to_le_bytes();
        let mut patched = 0;
        for at in 0..bytes.len().saturating_sub(4) {
            if bytes[at..at + 4] == real {
                bytes[at..at + 4].copy_from_slice(&10u32.to_le_bytes());
                patched += 1;
            }
        }
        assert!(patched >= 1, "the writer wrote the real size somewhere");
        let (status, message) = refusal(&bytes);
        // Refused either as too large (read past the limit) or as unreadable (the zip
        // crate's own check of the size it read): never accepted.
        assert!(
            (status == StatusCode::PAYLOAD_TOO_LARGE
                && message == "liar.jpg in the photos zip unpacks to more than 20 MB")
                || status == StatusCode::BAD_REQUEST,
            "{status} {message}"
        );
    }

    #[test]
    fn too_many_entries_or_not_a_zip_are_refused() {
        let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
        let options = SimpleFileOptions::default();
        for i in 0..=MAX_ZIP_ENTRIES {
            writer.add_directory(format!("{i}/"), options).unwrap();
        }
        let bytes = writer.finish().unwrap().into_inner();
        assert_eq!(
            refusal(&bytes),
            (
                StatusCode::PAYLOAD_TOO_LARGE,
                "The photos zip has more than 5000 files".into()
            )
        );
        // The count is read from the end record before the directory is parsed: a directory
        // of garbage that says it holds 6000 entries is refused as too many, not unreadable.
        let mut lying = b"PK\x01\x02 garbage, not a central directory".to_vec();
        let directory = lying.len() as u32;
        lying.extend_from_slice(b"PK\x05\x06\0\0\0\0");
        lying.extend_from_slice(&6000u16.to_le_bytes());
        lying.extend_from_slice(&6000u16.to_le_bytes());
        lying.extend_from_slice(&directory.to_le_bytes());
        lying.extend_from_slice(&0u32.to_le_bytes());
        lying.extend_from_slice(&0u16.to_le_bytes());
        assert_eq!(declared_entries(&lying), Some(6000));
        assert_eq!(
            refusal(&lying),
            (
                StatusCode::PAYLOAD_TOO_LARGE,
                "The photos zip has more than 5000 files".into()
            )
        );
        assert_eq!(declared_entries(&bytes), Some(MAX_ZIP_ENTRIES as u64 + 1));
        let (status, message) = refusal(b"not a zip at all");
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(
            message.starts_with("The photos file is not a zip we can read"),
            "{message}"
        );
    }

    #[test]
    fn a_zip64_directory_is_counted_from_its_zip64_end_record() {
        // More than 65,535 entries: the classic end record says 0xFFFF, the zip64 one the count.
        let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
        let options = SimpleFileOptions::default();
        for i in 0..70_000 {
            writer.add_directory(format!("{i}/"), options).unwrap();
        }
        let bytes = writer.finish().unwrap().into_inner();
        assert_eq!(declared_entries(&bytes), Some(70_000));
        assert_eq!(refusal(&bytes).0, StatusCode::PAYLOAD_TOO_LARGE);
    }
}
