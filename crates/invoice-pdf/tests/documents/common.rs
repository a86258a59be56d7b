//! What the PDF tests share: the PDF read back with poppler's tools (`pdftotext`, `pdfinfo`;
//! Debian's poppler-utils, which CI installs). Without them the tests fail: a PDF that no one
//! has read is not tested.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Keeps the PDF as `<name>.pdf` in `PADUKA_INVOICE_PDF_DIR` when that is set, to look at.
pub fn keep(name: &str, pdf: &[u8]) {
    if let Some(dir) = std::env::var_os("PADUKA_INVOICE_PDF_DIR") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(PathBuf::from(dir).join(format!("{name}.pdf")), pdf).unwrap();
    }
}

/// Runs a poppler tool on the PDF; fails (not skips) when it is not installed.
pub fn poppler(tool: &str, args: &[&str], pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path: &Path = &dir.path().join("document.pdf");
    std::fs::write(path, pdf).unwrap();
    let output = Command::new(tool)
        .args(args)
        .arg(path)
        .arg("-")
        .output()
        .unwrap_or_else(|error| {
            panic!(
                "`{tool}` could not be run ({error}): these tests read the PDF with poppler's \
                 tools; install them (Debian: apt-get install poppler-utils)"
            )
        });
    assert!(
        output.status.success(),
        "{tool} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

pub fn text(pdf: &[u8]) -> String {
    poppler("pdftotext", &["-layout", "-enc", "UTF-8"], pdf)
}

pub fn pages(pdf: &[u8]) -> u32 {
    // pdfinfo takes the file alone; the "-" poppler() adds is read as a second file name it
    // ignores after the first.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("document.pdf");
    std::fs::write(&path, pdf).unwrap();
    let output = Command::new("pdfinfo")
        .arg(&path)
        .output()
        .unwrap_or_else(|error| {
            panic!(
                "`pdfinfo` could not be run ({error}): install poppler-utils \
                 (Debian: apt-get install poppler-utils)"
            )
        });
    assert!(output.status.success(), "pdfinfo failed");
    let info = String::from_utf8(output.stdout).unwrap();
    info.lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .expect("pdfinfo prints the page count")
        .trim()
        .parse()
        .unwrap()
}

pub fn assert_has(text: &str, wanted: &[&str]) {
    for want in wanted {
        assert!(text.contains(want), "{want:?} missing from:\n{text}");
    }
}

pub fn assert_lacks(text: &str, unwanted: &[&str]) {
    for unwanted in unwanted {
        assert!(!text.contains(unwanted), "{unwanted:?} found in:\n{text}");
    }
}

/// Every word's box on the page, from `pdftotext -bbox`: (text, x min, y min, x max, y max),
/// in points from the top left.
pub fn words(pdf: &[u8]) -> Vec<(String, f32, f32, f32, f32)> {
    let html = poppler("pdftotext", &["-bbox", "-enc", "UTF-8"], pdf);
    let attribute = |tag: &str, name: &str| -> f32 {
        let start = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[start..].split('"').next().unwrap().parse().unwrap()
    };
    html.lines()
        .filter_map(|line| {
            let tag = line.trim().strip_prefix("<word ")?;
            let (attributes, rest) = tag.split_once('>')?;
            let text = rest.strip_suffix("</word>")?;
            Some((
                text.to_owned(),
                attribute(attributes, "xMin"),
                attribute(attributes, "yMin"),
                attribute(attributes, "xMax"),
                attribute(attributes, "yMax"),
            ))
        })
        .collect()
}
