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
        let (status, message) = refusal(b"not a zip at all");
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(
            message.starts_with("The photos file is not a zip we can read"),
            "{message}"
        );
    }
}
