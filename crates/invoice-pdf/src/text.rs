//! The fonts, measuring text with them, and fitting text into a width.

use krilla::text::{Font, GlyphId, KrillaGlyph};
use paduka_domain::Paise;
use paduka_domain::catalog::variant_words;
use skrifa::charmap::Charmap;
use skrifa::instance::{LocationRef, Size};
use skrifa::metrics::GlyphMetrics;
use skrifa::{FontRef, MetadataProvider};

use crate::pen::{INK, MUTED, Rgb};

pub(crate) static REGULAR: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
pub(crate) static BOLD: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// One font, for drawing (krilla) and for measuring (skrifa).
pub(crate) struct Face {
    pub(crate) pdf: Font,
    pub(crate) charmap: Charmap<'static>,
    pub(crate) metrics: GlyphMetrics<'static>,
    pub(crate) units_per_em: f32,
}

impl Face {
    pub(crate) fn new(data: &'static [u8]) -> Self {
        let font = FontRef::new(data).expect("the vendored font reads");
        Self {
            pdf: Font::new(data.into(), 0).expect("krilla reads the vendored font"),
            charmap: font.charmap(),
            metrics: font.glyph_metrics(Size::unscaled(), LocationRef::default()),
            units_per_em: f32::from(
                font.metrics(Size::unscaled(), LocationRef::default())
                    .units_per_em,
            ),
        }
    }

    /// One glyph a character, advances in ems: no kerning or ligatures, which an invoice's
    /// Latin text and figures do without.
    pub(crate) fn glyphs(&self, text: &str) -> Vec<KrillaGlyph> {
        text.char_indices()
            .map(|(at, ch)| {
                let glyph = self.charmap.map(ch).unwrap_or_default();
                let advance = self.metrics.advance_width(glyph).unwrap_or(0.0) / self.units_per_em;
                KrillaGlyph::new(
                    GlyphId::new(glyph.to_u32()),
                    advance,
                    0.0,
                    0.0,
                    0.0,
                    at..at + ch.len_utf8(),
                    None,
                )
            })
            .collect()
    }

    pub(crate) fn width(&self, text: &str, size: f32) -> f32 {
        text.chars()
            .map(|ch| {
                let glyph = self.charmap.map(ch).unwrap_or_default();
                self.metrics.advance_width(glyph).unwrap_or(0.0)
            })
            .sum::<f32>()
            * size
            / self.units_per_em
    }
}

pub(crate) struct Fonts {
    pub(crate) regular: Face,
    pub(crate) bold: Face,
}

impl Fonts {
    pub(crate) fn new() -> Self {
        Self {
            regular: Face::new(REGULAR),
            bold: Face::new(BOLD),
        }
    }

    pub(crate) fn face(&self, bold: bool) -> &Face {
        if bold { &self.bold } else { &self.regular }
    }
}

/// How a run of text is drawn.
#[derive(Clone, Copy)]
pub(crate) struct Style {
    pub(crate) size: f32,
    pub(crate) bold: bool,
    pub(crate) color: Rgb,
}

impl Style {
    pub(crate) const fn regular(size: f32) -> Self {
        Self {
            size,
            bold: false,
            color: INK,
        }
    }

    pub(crate) const fn bold(size: f32) -> Self {
        Self {
            size,
            bold: true,
            color: INK,
        }
    }

    pub(crate) const fn muted(size: f32) -> Self {
        Self {
            size,
            bold: false,
            color: MUTED,
        }
    }

    pub(crate) const fn colored(self, color: Rgb) -> Self {
        Self { color, ..self }
    }

    /// The distance between baselines.
    pub(crate) fn leading(self) -> f32 {
        self.size * 1.3
    }
}

/// Text with the characters a PDF line cannot show (tabs, other controls) made spaces.
pub(crate) fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// The text as lines no wider than `width`: broken at spaces, a word longer than a line broken
/// where it must; each newline in the text starts a line.
pub(crate) fn wrap(fonts: &Fonts, style: Style, text: &str, width: f32) -> Vec<String> {
    let paragraphs: Vec<Vec<String>> = text
        .lines()
        .map(|p| clean(p).split_whitespace().map(str::to_owned).collect())
        .collect();
    wrap_words(fonts, style, &paragraphs, width)
}

/// Paragraphs of words as lines no wider than `width` (see [`wrap`]); a word may hold spaces
/// that are not to break.
pub(crate) fn wrap_words(
    fonts: &Fonts,
    style: Style,
    paragraphs: &[Vec<String>],
    width: f32,
) -> Vec<String> {
    let face = fonts.face(style.bold);
    let fits = |line: &str| face.width(line, style.size) <= width;
    let mut lines = Vec::new();
    for paragraph in paragraphs {
        let mut line = String::new();
        for word in paragraph {
            let candidate = if line.is_empty() {
                word.to_owned()
            } else {
                format!("{line} {word}")
            };
            if fits(&candidate) {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            // The word alone; split it if even that is too wide.
            for ch in word.chars() {
                line.push(ch);
                if !fits(&line) && line.chars().count() > 1 {
                    line.pop();
                    lines.push(std::mem::replace(&mut line, ch.to_string()));
                }
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    lines
}

/// `text` cut to fit `width` with an ellipsis (unchanged if it fits).
pub(crate) fn ellipsize(fonts: &Fonts, style: Style, text: &str, width: f32) -> String {
    let face = fonts.face(style.bold);
    if face.width(text, style.size) <= width {
        return text.to_owned();
    }
    let mut cut: String = text.to_owned();
    while !cut.is_empty() {
        cut.pop();
        let candidate = format!("{}…", cut.trim_end());
        if face.width(&candidate, style.size) <= width {
            return candidate;
        }
    }
    "…".to_owned()
}

/// The wrapped text in at most `max_lines` lines, the last one ending in an ellipsis when the
/// text goes on.
pub(crate) fn wrap_clamped(
    fonts: &Fonts,
    style: Style,
    text: &str,
    width: f32,
    max_lines: usize,
) -> Vec<String> {
    let mut lines = wrap(fonts, style, text, width);
    if lines.len() > max_lines {
        let rest = lines.split_off(max_lines - 1).join(" ");
        lines.push(ellipsize(fonts, style, &format!("{rest}…"), width));
    }
    lines
}

/// A product's cell: its name and `(Size: 9)`, or with a colour `(Tan, UK 8)` (decisions
/// D44), in at most `max_lines` lines. A name too long is cut with an ellipsis before the
/// size, so the size always shows.
pub(crate) fn product_lines(
    fonts: &Fonts,
    style: Style,
    name: &str,
    color: &str,
    size: Option<&str>,
    width: f32,
    max_lines: usize,
) -> Vec<String> {
    let color = clean(color);
    let size = size.map(clean);
    let suffix = match (color.trim(), size.as_deref()) {
        ("", None) => return wrap_clamped(fonts, style, name, width, max_lines),
        ("", Some(size)) => format!("(Size: {})", size.trim()),
        (color, size) => match variant_words(color, size) {
            Some(words) => format!("({words})"),
            None => return wrap_clamped(fonts, style, name, width, max_lines),
        },
    };
    // The size is one word: it breaks from the name, never inside itself.
    let mut words: Vec<String> = clean(name).split_whitespace().map(str::to_owned).collect();
    words.push(suffix.clone());
    let lines = wrap_words(fonts, style, &[words], width);
    if lines.len() <= max_lines {
        return lines;
    }
    let suffix_width = fonts
        .face(style.bold)
        .width(&format!(" {suffix}"), style.size);
    if width - suffix_width < 3.0 * style.size {
        return wrap_clamped(fonts, style, &format!("{name} {suffix}"), width, max_lines);
    }
    let mut lines = wrap(fonts, style, name, width);
    let rest = lines.split_off((max_lines - 1).min(lines.len())).join(" ");
    let last = ellipsize(fonts, style, &format!("{rest}…"), width - suffix_width);
    lines.push(format!("{last} {suffix}"));
    lines
}

/// Money as the invoice prints it: [`Paise::in_indian_style`] with the paise always written
/// (`₹3,958.00`), so the amounts in a column line up at the decimal point.
pub(crate) fn money(amount: Paise) -> String {
    let text = amount.in_indian_style();
    if text.contains('.') {
        text
    } else {
        format!("{text}.00")
    }
}
