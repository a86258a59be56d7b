//! Drawing on the page: text, rules and boxes, in the documents' colours.

use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::num::NormalizedF32;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;

use crate::text::{Fonts, Style};

/// A colour, as consts (krilla's colours are made at run time).
#[derive(Clone, Copy)]
pub(crate) struct Rgb(u8, u8, u8);

impl Rgb {
    pub(crate) fn pdf(self) -> rgb::Color {
        rgb::Color::new(self.0, self.1, self.2)
    }
}

pub(crate) const INK: Rgb = Rgb(33, 33, 33);
pub(crate) const MUTED: Rgb = Rgb(96, 96, 96);
pub(crate) const RULE: Rgb = Rgb(190, 190, 190);
pub(crate) const HEADER_FILL: Rgb = Rgb(236, 239, 243);
pub(crate) const STAMP: Rgb = Rgb(198, 40, 40);
/// A barcode's bars: the most contrast a scanner can get.
pub(crate) const BLACK: Rgb = Rgb(0, 0, 0);

pub(crate) struct Pen<'a, 'p> {
    pub(crate) surface: &'a mut Surface<'p>,
    pub(crate) fonts: &'a Fonts,
}

impl Pen<'_, '_> {
    pub(crate) fn width(&self, text: &str, style: Style) -> f32 {
        self.fonts.face(style.bold).width(text, style.size)
    }

    /// Text from `x` on the baseline `y` (from the top of the page).
    pub(crate) fn text(&mut self, x: f32, y: f32, text: &str, style: Style) {
        if text.is_empty() {
            return;
        }
        let face = self.fonts.face(style.bold);
        let glyphs = face.glyphs(text);
        self.surface.set_fill(Some(fill(style.color)));
        self.surface.draw_glyphs(
            Point::from_xy(x, y),
            &glyphs,
            face.pdf.clone(),
            text,
            style.size,
            false,
        );
    }

    /// Text ending at `right`.
    pub(crate) fn text_right(&mut self, right: f32, y: f32, text: &str, style: Style) {
        let width = self.width(text, style);
        self.text(right - width, y, text, style);
    }

    pub(crate) fn text_centered(&mut self, center: f32, y: f32, text: &str, style: Style) {
        let width = self.width(text, style);
        self.text(center - width / 2.0, y, text, style);
    }

    /// Lines from the baseline `y` down; returns the baseline after the last.
    pub(crate) fn lines(&mut self, x: f32, mut y: f32, lines: &[String], style: Style) -> f32 {
        for line in lines {
            self.text(x, y, line, style);
            y += style.leading();
        }
        y
    }

    pub(crate) fn rule(&mut self, x1: f32, x2: f32, y: f32, width: f32, color: Rgb) {
        let mut path = PathBuilder::new();
        path.move_to(x1, y);
        path.line_to(x2, y);
        let Some(path) = path.finish() else { return };
        self.surface.set_fill(None);
        self.surface.set_stroke(Some(Stroke {
            paint: color.pdf().into(),
            width,
            ..Stroke::default()
        }));
        self.surface.draw_path(&path);
        self.surface.set_stroke(None);
    }

    pub(crate) fn rect(&mut self, rect: Rect, fill_color: Option<Rgb>, stroke: Option<(f32, Rgb)>) {
        let mut path = PathBuilder::new();
        path.push_rect(rect);
        let Some(path) = path.finish() else { return };
        self.surface.set_fill(fill_color.map(fill));
        self.surface.set_stroke(stroke.map(|(width, color)| Stroke {
            paint: color.pdf().into(),
            width,
            ..Stroke::default()
        }));
        self.surface.draw_path(&path);
        self.surface.set_stroke(None);
    }
}

pub(crate) fn fill(color: Rgb) -> Fill {
    Fill {
        paint: color.pdf().into(),
        opacity: NormalizedF32::ONE,
        rule: Default::default(),
    }
}
