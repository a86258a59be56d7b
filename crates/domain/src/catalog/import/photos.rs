//! Where an import's photos come from (decisions D28): a web address the job fetches, or a
//! file of the photos zip sent with the CSV; and the limits of both.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::photo;

/// A fetched photo, at most (the admin's upload limit: the photo then takes the same path).
pub const MAX_FETCH_BYTES: usize = photo::MAX_UPLOAD_BYTES;
/// One photo's whole fetch (name lookup, connection, redirects, body), at most.
pub const FETCH_TIMEOUT: Duration = Duration::from_secs(10);
/// Redirects one fetch follows, each to an address checked as the first was.
pub const MAX_REDIRECTS: usize = 5;
/// Photos fetched (and prepared) at once by one job.
pub const FETCHES_AT_ONCE: usize = 4;

/// The photos zip as sent, at most.
pub const MAX_ZIP_BYTES: usize = 100 * 1024 * 1024;
/// Entries (files and folders) in the photos zip, at most.
pub const MAX_ZIP_ENTRIES: usize = 5000;
/// The photos zip's files unpacked, all together, at most.
pub const MAX_UNPACKED_BYTES: usize = 200 * 1024 * 1024;
/// One file of the photos zip unpacked, at most (a photo's limit).
pub const MAX_ZIP_FILE_BYTES: usize = photo::MAX_UPLOAD_BYTES;

/// What the import answers a larger zip (413).
pub const ZIP_TOO_LARGE: &str = "The photos zip must be at most 100 MB";
/// What the import answers a zip whose files unpack to more than [`MAX_UNPACKED_BYTES`]
/// (413).
pub const ZIP_UNPACKS_TOO_LARGE: &str = "The photos zip unpacks to more than 200 MB";
/// What the import answers a zip of more than [`MAX_ZIP_ENTRIES`] entries (413).
pub const ZIP_TOO_MANY_FILES: &str = "The photos zip has more than 5000 files";
/// The start of what the import answers a zip that cannot be read (400).
pub const ZIP_UNREADABLE: &str = "The photos file is not a zip we can read";

/// What the import answers a zip with a file over [`MAX_ZIP_FILE_BYTES`] unpacked (413).
pub fn zip_file_too_large(name: &str) -> String {
    format!("{name} in the photos zip unpacks to more than 20 MB")
}

/// Whether an `Image Src` is a web address (fetched), rather than a file of the photos zip.
pub fn is_web_address(src: &str) -> bool {
    let lower = src.get(..8).unwrap_or(src).to_ascii_lowercase();
    lower.starts_with("http://") || lower.starts_with("https://")
}

/// The files of the photos zip, by their path in it (`photos/red.jpg`), unpacked. Folders
/// are not files.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PhotoFiles {
    files: BTreeMap<String, Vec<u8>>,
}

impl PhotoFiles {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn insert(&mut self, path: impl Into<String>, bytes: Vec<u8>) {
        self.files.insert(path.into(), bytes);
    }

    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The path of the file an `Image Src` names: the file at exactly that path, else the
    /// one file whose name (the path's last part) it is. Names are compared exactly (case
    /// too). `Err` says why none is, for the row's error.
    pub fn find(&self, src: &str) -> Result<&str, String> {
        if let Some((path, _)) = self.files.get_key_value(src) {
            return Ok(path);
        }
        let named: Vec<&str> = self
            .files
            .keys()
            .map(String::as_str)
            .filter(|path| file_name(path) == src)
            .collect();
        match named.as_slice() {
            [one] => Ok(one),
            [] => Err(format!(
                "Image Src \"{src}\" is not a web address, and the photos zip has no file {src}"
            )),
            several => Err(format!(
                "Image Src \"{src}\" names {} files of the photos zip ({}): write its path in the zip",
                several.len(),
                several.join(", ")
            )),
        }
    }

    /// The file at `path`, taken out.
    pub fn take(&mut self, path: &str) -> Option<Vec<u8>> {
        self.files.remove(path)
    }

    /// Keeps only the files at `paths` (the rest are not needed, and may be large).
    pub fn keep_only(&mut self, paths: &[&str]) {
        self.files.retain(|path, _| paths.contains(&path.as_str()));
    }
}

/// The last part of a path in a zip (`photos/red.jpg` -> `red.jpg`).
fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// An `Image Src` that names a file, without a zip to find it in.
pub fn no_zip_for(src: &str) -> String {
    format!(
        "Image Src \"{src}\" is not a web address, and no photos zip was sent: send the zip \
         with the file, or give the photo's http(s) address"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(paths: &[&str]) -> PhotoFiles {
        let mut files = PhotoFiles::new();
        for path in paths {
            files.insert(*path, path.as_bytes().to_vec());
        }
        files
    }

    #[test]
    fn a_file_is_found_by_its_path_or_by_its_name_when_only_one_file_has_it() {
        let zip = files(&["red.jpg", "photos/blue.png", "a/tan.jpg", "b/tan.jpg"]);
        assert_eq!(zip.find("red.jpg"), Ok("red.jpg"));
        assert_eq!(zip.find("photos/blue.png"), Ok("photos/blue.png"));
        assert_eq!(zip.find("blue.png"), Ok("photos/blue.png"));
        assert_eq!(zip.find("a/tan.jpg"), Ok("a/tan.jpg"));
        assert_eq!(
            zip.find("tan.jpg"),
            Err(
                "Image Src \"tan.jpg\" names 2 files of the photos zip (a/tan.jpg, b/tan.jpg): \
                 write its path in the zip"
                    .into()
            )
        );
        assert_eq!(
            zip.find("Red.jpg"),
            Err(
                "Image Src \"Red.jpg\" is not a web address, and the photos zip has no file \
                 Red.jpg"
                    .into()
            ),
            "names are compared exactly"
        );
        assert!(zip.find("jpg").is_err());
    }

    #[test]
    fn only_the_files_kept_remain() {
        let mut zip = files(&["red.jpg", "blue.png"]);
        zip.keep_only(&["blue.png"]);
        assert_eq!(zip.len(), 1);
        assert_eq!(zip.take("blue.png"), Some(b"blue.png".to_vec()));
        assert!(zip.is_empty());
    }

    #[test]
    fn web_addresses_are_http_or_https_in_any_case() {
        assert!(is_web_address("https://cdn.shopify.com/a.jpg"));
        assert!(is_web_address("HTTP://x.in/a.jpg"));
        assert!(!is_web_address("ftp://x.in/a.jpg"));
        assert!(!is_web_address("red.jpg"));
        assert!(!is_web_address("/api/v1/media/1"));
        assert!(!is_web_address("https"));
    }
}
