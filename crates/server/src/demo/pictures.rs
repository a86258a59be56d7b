//! Product pictures drawn by code, so the demo shop looks real offline with no image files
//! committed and no external URLs.

use tiny_skia::{
    Color, FillRule, GradientStop, LinearGradient, Paint, PathBuilder, Pixmap, Point, Rect,
    SpreadMode, Stroke, Transform,
};

/// What kind of shoe to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Silhouette {
    Sneaker,
    Runner,
    Formal,
    Sandal,
    Boot,
}

/// How the shoe is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Side,
    /// The other shoe of the pair, facing left.
    Mirrored,
    /// Closer in, on the toe and laces.
    Detail,
    /// Both shoes, one behind the other.
    Pair,
}

/// Colours as `0xRRGGBB`.
#[derive(Debug, Clone, Copy)]
pub struct Palette {
    pub upper: u32,
    pub accent: u32,
    pub sole: u32,
    pub backdrop: u32,
}

/// A square PNG picture of a shoe, `size` pixels wide: lossless, as a seller's product photo
/// would arrive (the photo pipeline serves it at each width as WebP).
pub fn shoe_png(silhouette: Silhouette, palette: Palette, view: View, size: u32) -> Vec<u8> {
    draw(silhouette, palette, view, size)
        .encode_png()
        .expect("an in-memory PNG encodes")
}

/// The same picture as lossy WebP, for the pictures served as stored (a category's tile, a
/// gallery's other photos): a sixth of the PNG's bytes, which a phone would otherwise fetch
/// beside the page's main photo.
pub fn shoe_webp(silhouette: Silhouette, palette: Palette, view: View, size: u32) -> Vec<u8> {
    let pixmap = draw(silhouette, palette, view, size);
    // The backdrop is opaque, so tiny-skia's premultiplied pixels are plain RGBA.
    webp::Encoder::from_rgba(pixmap.data(), size, size)
        .encode(WEBP_QUALITY)
        .to_vec()
}

/// libwebp's quality for the demo's stored pictures: flat colours and soft gradients, which
/// show no artefacts at this setting.
const WEBP_QUALITY: f32 = 80.0;

fn draw(silhouette: Silhouette, palette: Palette, view: View, size: u32) -> Pixmap {
    let mut pixmap = Pixmap::new(size, size).expect("a non-zero size");
    let s = size as f32;
    paint_backdrop(&mut pixmap, palette.backdrop, s);
    let base = Transform::from_scale(s, s);
    let shoes: Vec<Transform> = match view {
        View::Side => vec![base],
        View::Mirrored => vec![base.pre_concat(Transform::from_row(-1.0, 0.0, 0.0, 1.0, 1.0, 0.0))],
        View::Detail => {
            vec![base.pre_concat(Transform::from_row(1.6, 0.0, 0.0, 1.6, -0.55, -0.45))]
        }
        View::Pair => vec![
            base.pre_concat(Transform::from_row(0.82, 0.0, 0.0, 0.82, 0.14, -0.02)),
            base.pre_concat(Transform::from_row(0.82, 0.0, 0.0, 0.82, 0.02, 0.16)),
        ],
    };
    for transform in shoes {
        draw_shoe(&mut pixmap, silhouette, palette, transform);
    }
    pixmap
}

/// A flat tile for a category: its colour and a small shoe.
pub fn category_webp(silhouette: Silhouette, palette: Palette, size: u32) -> Vec<u8> {
    shoe_webp(silhouette, palette, View::Side, size)
}

fn color(rgb: u32, alpha: u8) -> Color {
    Color::from_rgba8((rgb >> 16) as u8, (rgb >> 8) as u8, rgb as u8, alpha)
}

fn lighten(rgb: u32, amount: f32) -> u32 {
    let channel = |shift: u32| {
        let c = ((rgb >> shift) & 0xff) as f32;
        (c + (255.0 - c) * amount).round() as u32
    };
    (channel(16) << 16) | (channel(8) << 8) | channel(0)
}

fn solid(rgb: u32, alpha: u8) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color(rgb, alpha));
    paint.anti_alias = true;
    paint
}

/// A two-colour linear gradient from `from` to `to`.
fn gradient(from: (f32, f32), to: (f32, f32), start: u32, end: u32) -> Paint<'static> {
    let shader = LinearGradient::new(
        Point::from_xy(from.0, from.1),
        Point::from_xy(to.0, to.1),
        vec![
            GradientStop::new(0.0, color(start, 255)),
            GradientStop::new(1.0, color(end, 255)),
        ],
        SpreadMode::Pad,
        Transform::identity(),
    )
    .expect("a valid gradient");
    Paint {
        shader,
        anti_alias: true,
        ..Paint::default()
    }
}

/// Fills the path `builder` drew, when it drew one.
fn fill(pixmap: &mut Pixmap, builder: PathBuilder, paint: &Paint<'_>, t: Transform) {
    if let Some(path) = builder.finish() {
        pixmap.fill_path(&path, paint, FillRule::Winding, t, None);
    }
}

/// Strokes the path `builder` drew, when it drew one.
fn draw_stroke(
    pixmap: &mut Pixmap,
    builder: PathBuilder,
    paint: &Paint<'_>,
    stroke: &Stroke,
    t: Transform,
) {
    if let Some(path) = builder.finish() {
        pixmap.stroke_path(&path, paint, stroke, t, None);
    }
}

/// A line of this width with round ends (laces, straps).
fn round_stroke(width: f32) -> Stroke {
    Stroke {
        width,
        line_cap: tiny_skia::LineCap::Round,
        ..Stroke::default()
    }
}

fn paint_backdrop(pixmap: &mut Pixmap, backdrop: u32, s: f32) {
    let paint = gradient((0.0, 0.0), (s, s), lighten(backdrop, 0.55), backdrop);
    let rect = Rect::from_xywh(0.0, 0.0, s, s).expect("a valid rect");
    pixmap.fill_rect(rect, &paint, Transform::identity(), None);
}

fn draw_shoe(pixmap: &mut Pixmap, silhouette: Silhouette, palette: Palette, t: Transform) {
    // Shadow on the floor.
    if let Some(shadow) =
        PathBuilder::from_oval(Rect::from_xywh(0.12, 0.72, 0.8, 0.07).expect("rect"))
    {
        pixmap.fill_path(&shadow, &solid(0x000000, 40), FillRule::Winding, t, None);
    }
    let toe_y = if silhouette == Silhouette::Formal {
        0.66
    } else {
        0.64
    };
    let collar_y = match silhouette {
        Silhouette::Boot => 0.18,
        Silhouette::Formal => 0.44,
        Silhouette::Sandal => 0.52,
        _ => 0.38,
    };

    // Sole.
    let sole_top = 0.68;
    let sole_depth = match silhouette {
        Silhouette::Runner => 0.075,
        Silhouette::Formal => 0.035,
        Silhouette::Boot => 0.07,
        _ => 0.055,
    };
    let mut sole = PathBuilder::new();
    sole.move_to(0.12, sole_top);
    sole.line_to(0.86, sole_top);
    sole.quad_to(0.93, sole_top, 0.92, sole_top + sole_depth * 0.6);
    sole.quad_to(0.90, sole_top + sole_depth, 0.84, sole_top + sole_depth);
    sole.line_to(0.15, sole_top + sole_depth);
    sole.quad_to(
        0.11,
        sole_top + sole_depth,
        0.11,
        sole_top + sole_depth * 0.5,
    );
    sole.close();
    fill(pixmap, sole, &solid(palette.sole, 255), t);

    if silhouette == Silhouette::Sandal {
        draw_sandal_straps(pixmap, palette, t, sole_top);
        return;
    }

    // Upper: heel, collar, tongue, vamp down to the toe.
    let mut upper = PathBuilder::new();
    upper.move_to(0.14, sole_top);
    upper.cubic_to(0.12, 0.58, 0.12, collar_y + 0.08, 0.16, collar_y);
    upper.quad_to(0.26, collar_y - 0.03, 0.34, collar_y + 0.05);
    upper.quad_to(0.40, collar_y + 0.09, 0.46, collar_y);
    upper.cubic_to(0.55, 0.44, 0.70, 0.52, 0.84, toe_y - 0.02);
    upper.quad_to(0.92, toe_y, 0.91, sole_top);
    upper.close();
    let paint = gradient(
        (0.5, collar_y),
        (0.5, sole_top),
        lighten(palette.upper, 0.18),
        palette.upper,
    );
    fill(pixmap, upper, &paint, t);

    // Accent: a stripe along the side, or a toe cap for formal shoes.
    let mut accent = PathBuilder::new();
    match silhouette {
        Silhouette::Formal => {
            accent.move_to(0.70, 0.55);
            accent.quad_to(0.74, 0.62, 0.72, sole_top);
            accent.line_to(0.91, sole_top);
            accent.quad_to(0.92, toe_y, 0.84, toe_y - 0.02);
            accent.close();
        }
        _ => {
            accent.move_to(0.22, 0.62);
            accent.cubic_to(0.40, 0.66, 0.60, 0.56, 0.74, 0.50);
            accent.line_to(0.76, 0.54);
            accent.cubic_to(0.60, 0.62, 0.40, 0.70, 0.22, 0.66);
            accent.close();
        }
    }
    fill(pixmap, accent, &solid(palette.accent, 235), t);

    // Laces across the vamp.
    let mut laces = PathBuilder::new();
    for i in 0..4 {
        let x = 0.47 + i as f32 * 0.055;
        let y = collar_y + 0.06 + i as f32 * 0.035;
        laces.move_to(x - 0.015, y - 0.02);
        laces.line_to(x + 0.03, y + 0.025);
    }
    let lace = round_stroke(0.012);
    draw_stroke(
        pixmap,
        laces,
        &solid(lighten(palette.accent, 0.6), 255),
        &lace,
        t,
    );
}

fn draw_sandal_straps(pixmap: &mut Pixmap, palette: Palette, t: Transform, sole_top: f32) {
    let mut straps = PathBuilder::new();
    straps.move_to(0.62, sole_top - 0.01);
    straps.quad_to(0.70, 0.48, 0.82, sole_top - 0.02);
    straps.move_to(0.46, sole_top - 0.01);
    straps.quad_to(0.54, 0.46, 0.64, sole_top - 0.01);
    straps.move_to(0.18, sole_top - 0.01);
    straps.quad_to(0.16, 0.50, 0.30, 0.52);
    draw_stroke(
        pixmap,
        straps,
        &solid(palette.upper, 255),
        &round_stroke(0.05),
        t,
    );
    let mut buckle = PathBuilder::new();
    buckle.push_circle(0.30, 0.52, 0.02);
    fill(pixmap, buckle, &solid(palette.accent, 255), t);
}

#[cfg(test)]
mod tests {
    use super::*;

    const PALETTE: Palette = Palette {
        upper: 0x1f4e79,
        accent: 0xf2a900,
        sole: 0xf5f5f5,
        backdrop: 0xdbe9f6,
    };

    #[test]
    fn pictures_are_png_files_of_the_asked_size() {
        let png = shoe_png(Silhouette::Sneaker, PALETTE, View::Side, 64);
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let decoded = Pixmap::decode_png(&png).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (64, 64));
    }

    #[test]
    fn stored_pictures_are_webp_files_a_fraction_of_the_png() {
        let png = shoe_png(Silhouette::Sandal, PALETTE, View::Pair, 300);
        let webp = shoe_webp(Silhouette::Sandal, PALETTE, View::Pair, 300);
        assert_eq!((&webp[..4], &webp[8..12]), (&b"RIFF"[..], &b"WEBP"[..]));
        let decoded = webp::Decoder::new(&webp).decode().unwrap();
        assert_eq!((decoded.width(), decoded.height()), (300, 300));
        assert!(
            webp.len() * 3 < png.len(),
            "{} vs {}",
            webp.len(),
            png.len()
        );
    }

    #[test]
    fn each_view_draws_a_different_picture() {
        let views = [View::Side, View::Mirrored, View::Detail, View::Pair];
        let pictures: std::collections::HashSet<Vec<u8>> = views
            .iter()
            .map(|v| shoe_png(Silhouette::Boot, PALETTE, *v, 48))
            .collect();
        assert_eq!(pictures.len(), views.len());
    }
}
